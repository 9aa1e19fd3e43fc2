import { occupationNames, skills, type Concept, type OccupationName } from '@jobbportalen/lexicon/taxonomy';

/**
 * Titles and skills CVs write that the taxonomy's phrase index does not find, or finds as the
 * wrong concept: English titles ('Registered nurse'), everyday Swedish titles the taxonomy lists
 * only under another name ('Lastbilschaufför'), and bare words whose first taxonomy reading is an
 * odd one ('Elektriker' → 'Elektriker, film/TV'). Values are taxonomy labels.
 */
const OCCUPATIONS: Record<string, string> = {
  // Swedish
  lastbilschaufför: 'Distributionsförare',
  lastbilsförare: 'Distributionsförare',
  'ce-chaufför': 'Distributionsförare',
  'c-chaufför': 'Distributionsförare',
  yrkesförare: 'Distributionsförare',
  elektriker: 'Installationselektriker',
  kock: 'Kock à la carte',
  butiksmedarbetare: 'Butikssäljare, fackhandel',
  butiksbiträde: 'Butikssäljare, fackhandel',
  kundservicemedarbetare: 'Kundtjänstmedarbetare',
  kundtjänstmedarbetare: 'Kundtjänstmedarbetare',
  grundskollärare: 'Lärare i grundskolan, årskurs 4-6',
  gymnasielärare: 'Lärare i gymnasiet',
  fullstackutvecklare: 'Fullstack-utvecklare',
  webbutvecklare: 'Systemutvecklare/Programmerare',
  // English
  'software developer': 'Systemutvecklare/Programmerare',
  'software engineer': 'Systemutvecklare/Programmerare',
  'backend developer': 'Backend-utvecklare',
  'back-end developer': 'Backend-utvecklare',
  'frontend developer': 'Frontend-utvecklare',
  'front-end developer': 'Frontend-utvecklare',
  'full stack developer': 'Fullstack-utvecklare',
  'fullstack developer': 'Fullstack-utvecklare',
  'web developer': 'Systemutvecklare/Programmerare',
  programmer: 'Systemutvecklare/Programmerare',
  'registered nurse': 'Sjuksköterska, grundutbildad',
  nurse: 'Sjuksköterska, grundutbildad',
  'assistant nurse': 'Undersköterska, hemtjänst och äldreboende',
  'nursing assistant': 'Undersköterska, hemtjänst och äldreboende',
  'warehouse worker': 'Lagerarbetare',
  'warehouse operative': 'Lagerarbetare',
  'order picker': 'Lagerarbetare',
  'forklift driver': 'Truckförare',
  'forklift operator': 'Truckförare',
  'truck driver': 'Distributionsförare',
  'lorry driver': 'Distributionsförare',
  'delivery driver': 'Distributionsförare',
  cook: 'Kock à la carte',
  'line cook': 'Kock à la carte',
  'kitchen assistant': 'Köksbiträde',
  waiter: 'Servitör/Servitris',
  waitress: 'Servitör/Servitris',
  'customer service representative': 'Kundtjänstmedarbetare',
  'customer service agent': 'Kundtjänstmedarbetare',
  'customer service advisor': 'Kundtjänstmedarbetare',
  'customer support agent': 'Kundtjänstmedarbetare',
  electrician: 'Installationselektriker',
  carpenter: 'Träarbetare/Snickare',
  cleaner: 'Städare/Lokalvårdare',
  recruiter: 'Rekryterare/Rekryteringskonsult',
  'talent acquisition specialist': 'Rekryterare/Rekryteringskonsult',
  'hr generalist': 'HR-generalist/HR-partner',
  accountant: 'Redovisningsekonom',
  bookkeeper: 'Ekonomiassistent',
  'accounts assistant': 'Ekonomiassistent',
  'payroll administrator': 'Löneadministratör',
  'sales representative': 'Företagssäljare',
  'sales executive': 'Företagssäljare',
  'shop assistant': 'Butikssäljare, fackhandel',
  'retail assistant': 'Butikssäljare, fackhandel',
  'sales associate': 'Butikssäljare, fackhandel',
  'preschool teacher': 'Förskollärare',
  'primary school teacher': 'Lärare i grundskolan, årskurs 4-6',
  'car mechanic': 'Fordonstekniker/Bilmekaniker/Personbilsmekaniker',
  'automotive technician': 'Fordonstekniker/Bilmekaniker/Personbilsmekaniker',
  physiotherapist: 'Fysioterapeut',
  psychologist: 'Psykolog',
  dentist: 'Tandläkare',
  physician: 'Läkare',
  'it support technician': 'Helpdesktekniker/Supporttekniker',
  'helpdesk technician': 'Helpdesktekniker/Supporttekniker',
};

/** 'Chef' is a cook in English and a manager in Swedish: counted only in an English text. */
const ENGLISH_ONLY_OCCUPATIONS: Record<string, string> = { chef: 'Kock à la carte' };

const SKILLS: Record<string, string> = {
  bokföring: 'Bokföringsvana',
  bookkeeping: 'Bokföringsvana',
  fakturering: 'Faktureringsvana',
  invoicing: 'Faktureringsvana',
  payroll: 'Löneadministration',
  truckkort: 'Truckvana',
  forklift: 'Truckvana',
  'order picking': 'Orderplockning',
  'nursing care': 'Omvårdnad',
  'dementia care': 'Demensvård',
  'elderly care': 'Geriatrisk omvårdnad',
  'basala hygienrutiner': 'Basala hygienrutiner inom hälso- och sjukvård',
  'hygiene routines': 'Basala hygienrutiner inom hälso- och sjukvård',
  rekrytering: 'Rekryteringsvana',
  recruitment: 'Rekryteringsvana',
  'cash handling': 'Kassavana',
  visma: 'Visma SPCS, redovisningssystem',
  salesforce: 'Salesforce Cloud, molnplattform',
  'agila metoder': 'Agila arbetsmetoder',
  agile: 'Agila arbetsmetoder',
  azure: 'Windows Azure, molnplattform',
  'financial analysis': 'Ekonomisk analys',
  'budget follow-up': 'Budgetuppföljning',
  upselling: 'Merförsäljning',
  'telephone sales': 'Telefonförsäljning',
  'consultative selling': 'Konsultativ försäljning',
  'customer service': 'Kundtjänst',
  'customer support': 'Kundsupport',
  'user support': 'Användarsupport, mjukvara',
  'home care': 'Hemtjänst',
  'personal care': 'Personlig omvårdnad',
  'food hygiene': 'Livsmedelshygien',
  'table service': 'Bordsservering',
  'office cleaning': 'Kontorsstädning',
  'project management': 'Projektledning, erfarenhet',
  projektledning: 'Projektledning, erfarenhet',
};

function resolve<T extends { label: string }>(table: Record<string, string>, items: readonly T[]) {
  const byLabel = new Map<string, T>();
  for (const item of items) if (!byLabel.has(item.label)) byLabel.set(item.label, item);
  const resolved = new Map<string, T>();
  for (const [phrase, label] of Object.entries(table)) {
    const item = byLabel.get(label);
    if (item) resolved.set(phrase, item);
  }
  return resolved;
}

let tables:
  | {
      occupations: Map<string, OccupationName>;
      englishOnly: Map<string, OccupationName>;
      skills: Map<string, Concept>;
      occupationPattern: RegExp;
      englishOnlyPattern: RegExp;
      skillPattern: RegExp;
    }
  | undefined;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrasePattern = (phrases: Iterable<string>) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map((phrase) => escape(phrase).replace(/ /g, '\\s+'))
      .join('|')})s?(?![\\p{L}\\p{N}])`,
    'giu',
  );

function aliasTables() {
  if (tables) return tables;
  const occupations = resolve(OCCUPATIONS, occupationNames());
  const englishOnly = resolve(ENGLISH_ONLY_OCCUPATIONS, occupationNames());
  const skillAliases = resolve(SKILLS, skills());
  tables = {
    occupations,
    englishOnly,
    skills: skillAliases,
    occupationPattern: phrasePattern(occupations.keys()),
    englishOnlyPattern: phrasePattern(englishOnly.keys()),
    skillPattern: phrasePattern(skillAliases.keys()),
  };
  return tables;
}

const key = (match: string) => match.toLowerCase().replace(/\s+/g, ' ');
const singular = (text: string, table: Map<string, unknown>) =>
  table.has(key(text)) ? key(text) : key(text).replace(/s$/, '');

/** Occupations named by an alias in the text, with the words that named them. */
export function aliasOccupations(
  text: string,
  english: boolean,
): Array<{ phrase: string; occupation: OccupationName }> {
  const { occupations, englishOnly, occupationPattern, englishOnlyPattern } = aliasTables();
  const found: Array<{ phrase: string; occupation: OccupationName }> = [];
  for (const match of text.matchAll(occupationPattern)) {
    const phrase = singular(match[0], occupations);
    const occupation = occupations.get(phrase);
    if (occupation) found.push({ phrase, occupation });
  }
  if (english) {
    for (const match of text.matchAll(englishOnlyPattern)) {
      const phrase = singular(match[0], englishOnly);
      const occupation = englishOnly.get(phrase);
      if (occupation) found.push({ phrase, occupation });
    }
  }
  return found;
}

/** Skills named by an alias in the text. */
export function aliasSkills(text: string): Concept[] {
  const { skills: table, skillPattern } = aliasTables();
  const found: Concept[] = [];
  for (const match of text.matchAll(skillPattern)) {
    const skill = table.get(singular(match[0], table));
    if (skill && !found.includes(skill)) found.push(skill);
  }
  return found;
}
