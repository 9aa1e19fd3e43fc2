export type SectionKind =
  'header' | 'profile' | 'experience' | 'education' | 'skills' | 'languages' | 'licences' | 'other';

export interface CvLine {
  text: string;
  section: SectionKind;
  /** Index of the line in the CV. */
  index: number;
}

// Headings Swedish and English CVs use, lower-case. A heading line is short and matches one of
// these, optionally followed by ':' and (for 'Språk: svenska, engelska') the section's content.
const HEADINGS: Array<[SectionKind, string[]]> = [
  [
    'experience',
    [
      'arbetslivserfarenhet',
      'erfarenhet',
      'erfarenheter',
      'yrkeserfarenhet',
      'arbetserfarenhet',
      'anställningar',
      'tidigare anställningar',
      'relevant erfarenhet',
      'work experience',
      'experience',
      'professional experience',
      'employment',
      'employment history',
      'work history',
      'career',
    ],
  ],
  [
    'education',
    [
      'utbildning',
      'utbildningar',
      'kurser',
      'kurser och certifikat',
      'certifikat',
      'certifieringar',
      'studier',
      'education',
      'courses',
      'certifications',
      'certificates',
      'training',
    ],
  ],
  [
    'skills',
    [
      'kompetenser',
      'kompetens',
      'färdigheter',
      'kunskaper',
      'it-kunskaper',
      'tekniska kunskaper',
      'skills',
      'technical skills',
      'key skills',
      'competences',
    ],
  ],
  ['languages', ['språk', 'språkkunskaper', 'languages', 'language skills']],
  [
    'licences',
    ['körkort', 'körkort och certifikat', 'driving licence', 'driving license', "driver's license"],
  ],
  [
    'profile',
    [
      'profil',
      'om mig',
      'sammanfattning',
      'personlig profil',
      'profile',
      'summary',
      'about me',
      'personal profile',
    ],
  ],
  [
    'header',
    ['personuppgifter', 'kontaktuppgifter', 'kontakt', 'personal details', 'contact', 'contact details'],
  ],
  [
    'other',
    ['övrigt', 'referenser', 'intressen', 'fritidsintressen', 'other', 'references', 'interests', 'hobbies'],
  ],
];

const HEADING_BY_TEXT = new Map(
  HEADINGS.flatMap(([kind, words]) => words.map((word) => [word, kind] as const)),
);

/** The section a heading line opens, and whether text follows it on the same line. */
export function headingOf(line: string): { kind: SectionKind; rest: string } | null {
  const match = /^\s*([\p{L}' -]{2,40}?)\s*(?::\s*(.*))?$/u.exec(line);
  if (!match) return null;
  const kind = HEADING_BY_TEXT.get((match[1] ?? '').trim().toLocaleLowerCase('sv-SE'));
  return kind ? { kind, rest: (match[2] ?? '').trim() } : null;
}

/** The CV's lines, each with the section it stands in (lines before the first heading: 'header'). */
export function cvLines(text: string): CvLine[] {
  let section: SectionKind = 'header';
  const lines: CvLine[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const heading = headingOf(line);
    if (heading) {
      section = heading.kind;
      if (heading.rest) lines.push({ text: heading.rest, section, index });
      return;
    }
    lines.push({ text: line, section, index });
  });
  return lines;
}
