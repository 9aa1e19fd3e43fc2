import type { CvLine } from './cv-sections.js';
import { wordsPattern } from './text-patterns.js';

// Swedish licence classes, longest first so 'CE' is not read as 'C'. B96 is 'Utökad B'.
const CLASS = 'C1E|D1E|B96|A1|A2|AM|BE|C1|CE|D1|DE|A|B|C|D';
const CLASS_TOKEN = new RegExp(`(?<![\\p{L}\\p{N}])(?:${CLASS})(?![\\p{L}\\p{N}])`, 'gu');
const LICENCE_WORD = "[Kk]örkort|[Dd]riv(?:ing|er'?s) [Ll]icen[cs]e";

// 'B-körkort', 'CE körkort', 'B-licence'. Classes must be capitals ('a' and 'b' are words), and a
// bare 'licence' needs the hyphen: 'A license to …' is no class A.
const CLASS_THEN_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${CLASS})\\s?[-–]?\\s?(?:${LICENCE_WORD})|(${CLASS})[-–][Ll]icen[cs]e)`,
  'gu',
);
// 'körkort B', 'Körkort: B, C och CE', 'körkortsbehörighet B', 'driving licence (B)'.
const WORD_THEN_CLASSES = new RegExp(
  `(?:[Kk]örkort(?:sbehörighet(?:er)?|sklass(?:er)?)?|[Dd]riv(?:ing|er'?s) [Ll]icen[cs]e(?: (?:class|category))?)` +
    `\\s*(?:[:(]|för|med|klass|class)?\\s*((?:${CLASS})(?:\\s*(?:,|/|&|\\+|och|and|samt)\\s*(?:${CLASS}))*)(?![\\p{L}\\p{N}])`,
  'gu',
);
const ANY_LICENCE = wordsPattern("körkort|driving licen[cs]e|driver'?s licen[cs]e");
const NEGATED = wordsPattern(
  "(?:inget|ej|saknar|utan|no|not|without)\\s+(?:\\p{L}+\\s+)?(?:körkort|driving licen[cs]e|driver'?s licen[cs]e)|(?:körkort|driving licen[cs]e)\\s*:?\\s*(?:nej|no|saknas|inget)",
);

const label = (code: string) => (code === 'B96' ? 'Utökad B' : code);

/**
 * Driving licence classes the CV states ('B-körkort', 'körkort B och CE', 'driving licence B').
 * A plain 'körkort' / 'driving licence' without a class means B, as it does in Swedish usage.
 */
export function findDrivingLicences(lines: CvLine[]): string[] {
  const found = new Set<string>();
  let plainMention = false;
  for (const line of lines) {
    const text = line.text;
    if (NEGATED.test(text)) continue;
    for (const match of text.matchAll(CLASS_THEN_WORD)) found.add(label((match[1] ?? match[2])!));
    for (const match of text.matchAll(WORD_THEN_CLASSES))
      for (const code of match[1]!.match(CLASS_TOKEN) ?? []) found.add(label(code));
    // Under a 'Körkort' heading a bare 'B, CE' is the whole content.
    if (line.section === 'licences' && text.length <= 40)
      for (const code of text.match(CLASS_TOKEN) ?? []) found.add(label(code));
    if (ANY_LICENCE.test(text)) plainMention = true;
  }
  if (found.size === 0 && plainMention) found.add('B');
  return [...found];
}
