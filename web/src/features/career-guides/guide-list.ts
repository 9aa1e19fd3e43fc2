/** The career guides, in the order the index page and the start page's teaser cards show them. */
export interface GuideInfo {
  href: string;
  title: string;
  teaser: string;
}

export const GUIDES: GuideInfo[] = [
  {
    href: '/karriarguide/cv-guide',
    title: 'Skriv ett CV som blir läst',
    teaser: 'Struktur, formuleringar och de vanligaste misstagen – plus en CV-mall att ladda ner.',
  },
  {
    href: '/karriarguide/personligt-brev',
    title: 'Personligt brev som sticker ut',
    teaser: 'Så visar du varför just du passar för jobbet, steg för steg och med exempel.',
  },
  {
    href: '/karriarguide/intervjutips',
    title: 'Lyckas på intervjun',
    teaser: 'Förberedelser, vanliga frågor och hur du svarar med konkreta exempel.',
  },
];
