import { PAGES } from '@jobbportalen/contracts';

/** A career guide as the lists of guides show it. */
export interface GuideInfo {
  href: string;
  title: string;
  teaser: string;
}

/** A guide's page in the registry: its path and its heading. */
export interface GuidePage {
  path: string;
  title: string;
}

const guide = (page: GuidePage, teaser: string): GuideInfo => ({
  href: page.path,
  title: page.title,
  teaser,
});

/** The career guides, in the order the index page and the start page's teaser cards show them. */
export const GUIDES: GuideInfo[] = [
  guide(
    PAGES.cvGuide,
    'Struktur, formuleringar och de vanligaste misstagen – plus en CV-mall att ladda ner.',
  ),
  guide(PAGES.letterGuide, 'Så visar du varför just du passar för jobbet, steg för steg och med exempel.'),
  guide(PAGES.interviewGuide, 'Förberedelser, vanliga frågor och hur du svarar med konkreta exempel.'),
];
