// `npm run bench:cv-reading`: how well the profile reads the judged CVs
// (server/src/features/match/fixtures/judged-cvs.ts) — precision and recall of skills, driving
// licences, languages and occupations against what a person reads, per CV and overall. Reads the
// CVs' text directly (no files, no search engine): seconds, for tuning the lexicon. The same
// figures, from the uploaded files, are printed by `npm run bench:match`.
//   --verbose   list what each CV read wrongly even when nothing was missed or extra
import { parseArgs } from 'node:util';
import { JUDGED_CVS } from '../../server/src/features/match/fixtures/judged-cvs.js';
import { printExtractionFigures } from './lib/extraction-figures.js';
import { extractProfile, summarizeProfile } from '../../server/src/features/match/profile/profile.js';

const { values: args } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const NOW = new Date('2025-01-15T12:00:00Z');

const failed = printExtractionFigures(
  JUDGED_CVS.map((cv) => ({ cv, profile: summarizeProfile(extractProfile(cv.cv, cv.letter, NOW)) })),
  args.verbose,
);
if (failed) process.exitCode = 1;
