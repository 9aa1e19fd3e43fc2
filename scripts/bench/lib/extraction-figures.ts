import type { MatchProfile } from '@jobbportalen/contracts/api/match';
import {
  EXTRACTION_FIELDS,
  precisionRecall,
  scoreExtraction,
  type ExtractionField,
  type ExtractionScore,
} from '../../../server/src/features/match/fixtures/extraction-score.js';
import type { JudgedCv } from '../../../server/src/features/match/fixtures/judged-cvs.js';

/** Issue #29's bar for skills, licences and occupations. */
export const TARGET_EXTRACTION = 0.9;
const TARGETED: ExtractionField[] = ['skills', 'drivingLicences', 'occupations'];

const pct = (value: number) => value.toFixed(2);

/**
 * Prints per CV and overall extraction precision/recall; returns whether a targeted field is
 * below the bar.
 */
export function printExtractionFigures(
  readings: Array<{ cv: JudgedCv; profile: MatchProfile }>,
  verbose: boolean,
): boolean {
  const scores: ExtractionScore[] = [];
  const rows: string[] = [];
  for (const { cv, profile } of readings) {
    const score = scoreExtraction(cv, profile);
    scores.push(score);
    const cells = EXTRACTION_FIELDS.map((field) => {
      const { precision, recall } = precisionRecall([score[field]]);
      return `${field.slice(0, 6).padEnd(6)} ${pct(precision)}/${pct(recall)}`;
    });
    rows.push(`${cv.id.padEnd(34)} ${cells.join('  ')}`);
    for (const field of EXTRACTION_FIELDS) {
      const { extra, missed } = score.wrong[field];
      if (extra.length || missed.length || verbose)
        rows.push(`    ${field}: extra [${extra.join(', ')}] missed [${missed.join(', ')}]`);
    }
  }
  console.log(`\nextraction precision/recall per CV:\n${rows.join('\n')}`);
  let failed = false;
  console.log(
    `\nextraction over ${readings.length} CVs (target ≥ ${TARGET_EXTRACTION} for skills, licences, occupations):`,
  );
  for (const field of EXTRACTION_FIELDS) {
    const { precision, recall } = precisionRecall(scores.map((score) => score[field]));
    console.log(`  ${field.padEnd(16)} precision ${pct(precision)}  recall ${pct(recall)}`);
    if (TARGETED.includes(field) && (precision < TARGET_EXTRACTION || recall < TARGET_EXTRACTION))
      failed = true;
  }
  return failed;
}
