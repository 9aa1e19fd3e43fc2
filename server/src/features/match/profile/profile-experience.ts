import type { CvLine } from './cv-sections.js';
import { wordsPattern } from './text-patterns.js';

const NUMBER_WORDS: Record<string, number> = {
  ett: 1,
  en: 1,
  one: 1,
  två: 2,
  two: 2,
  tre: 3,
  three: 3,
  fyra: 4,
  four: 4,
  fem: 5,
  five: 5,
  sex: 6,
  six: 6,
  sju: 7,
  seven: 7,
  åtta: 8,
  eight: 8,
  nio: 9,
  nine: 9,
  tio: 10,
  ten: 10,
  elva: 11,
  eleven: 11,
  tolv: 12,
  twelve: 12,
  femton: 15,
  fifteen: 15,
  tjugo: 20,
  twenty: 20,
};
const NUMBER = `\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')}`;

// '5 års erfarenhet', 'över 10 års arbetslivserfarenhet inom', 'fem års erfarenhet',
// 'erfarenhet: 7 år', '10+ years of experience', "over 5 years' experience", '8 years in sales'.
const STATED = [
  wordsPattern(`(${NUMBER})\\s*\\+?\\s*års?\\s+(?:\\p{L}+\\s+){0,2}?(?:yrkes|arbets|arbetslivs)?erfarenhet`),
  wordsPattern(`(?:yrkes|arbets|arbetslivs)?erfarenhet\\s*:?\\s*(${NUMBER})\\s*\\+?\\s*år`),
  wordsPattern(
    `(${NUMBER})\\s*\\+?\\s*(?:years?|yrs)'?\\s+(?:of\\s+)?(?:\\p{L}+\\s+){0,2}?(?:experience|in|as|within)`,
  ),
];

// 'Erfarenhet: 7 år' is read as the heading 'Erfarenhet' with '7 år' as its content.
const BARE_YEARS = new RegExp(`^(${NUMBER})\\s*\\+?\\s*(?:års?|years?)$`, 'iu');

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  maj: 4,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  okt: 9,
  oct: 9,
  nov: 10,
  dec: 11,
};
const MONTH = `(?:(${Object.keys(MONTHS).join('|')})\\p{L}*\\.?\\s+)?`;
const YEAR = '((?:19|20)\\d{2})(?:[-/.](\\d{1,2}))?';
const NOW = 'nu|idag|i dag|pågående|tills vidare|present|now|current|ongoing|today';
// 'mars 2018 – juni 2020', '2018-03 – 2020-06', '2018–2023', '2019 - nu', 'Jan 2020 – present'.
const RANGE = wordsPattern(
  `${MONTH}${YEAR}\\s*(?:–|—|-|till|to|until)\\s*(?:${MONTH}${YEAR}|(${NOW}))`,
  'giu',
);

const EDUCATION_WORDS = wordsPattern(
  'utbildning|universitet|högskola|gymnasi\\p{L}*|yrkeshögskola|komvux|program(?:met)?|examen|kandidat|master|studier|student|education|university|college|school|degree|bachelor',
);

interface Interval {
  start: number;
  end: number;
}

function monthIndex(year: string, monthName: string | undefined, monthNumber: string | undefined): number {
  const month = monthNumber
    ? Number(monthNumber) - 1
    : monthName
      ? (MONTHS[monthName.toLowerCase()] ?? 0)
      : 0;
  return Number(year) * 12 + Math.min(Math.max(month, 0), 11);
}

function statedYears(lines: CvLine[]): number | null {
  let best: number | null = null;
  const take = (raw: string | undefined) => {
    const word = (raw ?? '').toLowerCase();
    const years = NUMBER_WORDS[word] ?? Number(word);
    if (Number.isFinite(years) && years > 0 && years <= 50) best = Math.max(best ?? 0, years);
  };
  for (const line of lines) {
    for (const pattern of STATED)
      for (const match of line.text.matchAll(new RegExp(pattern.source, 'giu'))) take(match[1]);
    if (line.section === 'experience') take(BARE_YEARS.exec(line.text)?.[1]);
  }
  return best;
}

/** Years covered by the date ranges of the work history, overlaps counted once. */
function yearsFromRanges(lines: CvLine[], now: Date): number | null {
  const hasExperienceSection = lines.some((line) => line.section === 'experience');
  const nowIndex = now.getFullYear() * 12 + now.getMonth();
  const intervals: Interval[] = [];
  for (const line of lines) {
    if (hasExperienceSection ? line.section !== 'experience' : EDUCATION_WORDS.test(line.text)) continue;
    if (!hasExperienceSection && line.section === 'education') continue;
    for (const match of line.text.matchAll(RANGE)) {
      const [, startMonth, startYear, startNumber, endMonth, endYear, endNumber, ongoing] = match;
      const start = monthIndex(startYear!, startMonth, startNumber);
      const end = ongoing ? nowIndex : monthIndex(endYear!, endMonth, endNumber);
      if (end > start && end <= nowIndex + 12 && start >= nowIndex - 50 * 12) intervals.push({ start, end });
    }
  }
  if (intervals.length === 0) return null;
  intervals.sort((a, b) => a.start - b.start);
  let months = 0;
  let current: Interval | null = null;
  for (const interval of intervals) {
    if (current && interval.start <= current.end) current.end = Math.max(current.end, interval.end);
    else {
      if (current) months += current.end - current.start;
      current = { ...interval };
    }
  }
  if (current) months += current.end - current.start;
  return Math.round(months / 12);
}

/** Months one work-history line's date ranges cover ('2017 – 2020 Javautvecklare' → 36). */
export function monthsOfLine(text: string, now: Date): number {
  const nowIndex = now.getFullYear() * 12 + now.getMonth();
  let months = 0;
  for (const [, startMonth, startYear, startNumber, endMonth, endYear, endNumber, ongoing] of text.matchAll(
    RANGE,
  )) {
    const start = monthIndex(startYear!, startMonth, startNumber);
    const end = ongoing ? nowIndex : monthIndex(endYear!, endMonth, endNumber);
    if (end > start && end <= nowIndex + 12) months += end - start;
  }
  return months;
}

/**
 * Years of work experience: what the CV or the letter states ('5 års erfarenhet', '10+ years'),
 * else the sum of the CV's employment periods ('2018–2023', '2019 – nu'), education left out.
 */
export function findYearsOfExperience(lines: CvLine[], now: Date, letterLines: CvLine[] = []): number | null {
  return statedYears([...lines, ...letterLines]) ?? yearsFromRanges(lines, now);
}
