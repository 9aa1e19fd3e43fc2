import fs from 'node:fs';
import { Random } from '@jobbportalen/feed-simulator';
import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, withPageHead, type PageHead } from './html-head.js';
import { headValuesOf } from './page-head.test-helper.js';

const WEB_INDEX = fs.readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8');
const TEMPLATES: Record<string, string> = {
  'web/index.html': WEB_INDEX,
  'a minimal page':
    '<html><head><meta name="description" content=""><title>x</title></head><body></body></html>',
  'a page without title and description': '<html><head><meta charset="utf-8"></head><body>$&</body></html>',
  'a page without </head>': "<title>Sida</title><p>$` $'</p>",
};

// What String.replace would expand in a replacement string, and what HTML and JSON treat specially.
const PIECES = [
  '$`',
  "$'",
  '$&',
  '$1',
  '$<x>',
  '$$',
  '$',
  '"',
  "'",
  '<',
  '>',
  '&',
  '&amp;',
  '&#39;',
  '</title>',
  '<title>',
  '</head>',
  '</script>',
  '<meta name="description" content="x">',
  '\\',
  '`',
  ' ',
  '\n',
  'Snickare',
  'å',
  'Ö',
  '–',
  '😀',
  '\u2028',
  '\u2029',
];

function randomText(random: Random, maxPieces = 40): string {
  const pieces: string[] = [];
  for (let count = random.int(maxPieces + 1); count > 0; count--) {
    // Mostly the pieces above; sometimes any UTF-16 unit, lone surrogates included.
    pieces.push(
      random.chance(0.8)
        ? (PIECES[random.int(PIECES.length)] as string)
        : String.fromCharCode(random.int(0x10000)),
    );
  }
  return pieces.join('');
}

function randomHead(random: Random): Required<PageHead> {
  return {
    title: randomText(random),
    description: randomText(random),
    canonical: `https://jobb.example.se/jobb/${randomText(random, 5)}`,
    robots: randomText(random, 3) || 'noindex',
    jsonLd: { title: randomText(random), hiringOrganization: { name: randomText(random) } },
  };
}

/** The page with every value taken out: what the values must not be able to change. */
function skeletonOf(page: string): string {
  return page
    .replace(/(<title>)[^<]*(<\/title>)/g, (_match, open: string, close: string) => open + close)
    .replace(/( (?:content|href)=")[^"]*(")/g, (_match, open: string, close: string) => open + close)
    .replace(
      /(<script type="application\/ld\+json">)[^<]*(<\/script>)/g,
      (_match, open: string, close: string) => open + close,
    );
}

// Tags, attribute names and indentation around the values; the same for every input.
const FIXED_OVERHEAD = 400;

describe.each(Object.entries(TEMPLATES))('page head on %s', (_name, template) => {
  it('puts every value in its place escaped exactly once, whatever the text', () => {
    const random = new Random(20_240_601);
    const emptySkeleton = skeletonOf(
      withPageHead(template, { title: '', description: '', canonical: 'x', robots: 'x', jsonLd: {} }),
    );
    for (let round = 0; round < 300; round++) {
      const head = randomHead(random);
      const page = withPageHead(template, head);

      const escaped = {
        title: escapeHtml(head.title),
        description: escapeHtml(head.description),
        canonical: escapeHtml(head.canonical),
        robots: escapeHtml(head.robots),
        jsonLd: jsonForScript(head.jsonLd),
      };
      const bound =
        template.length +
        2 * escaped.title.length +
        2 * escaped.description.length +
        escaped.canonical.length +
        escaped.robots.length +
        escaped.jsonLd.length +
        FIXED_OVERHEAD;
      expect(page.length).toBeLessThanOrEqual(bound);

      const slots = headValuesOf(page);
      expect(slots).toEqual({
        title: [escaped.title],
        description: [escaped.description],
        ogTitle: [escaped.title],
        ogDescription: [escaped.description],
        canonical: [escaped.canonical],
        robots: [escaped.robots],
        jsonLd: [escaped.jsonLd],
      });
      expect(JSON.parse(slots.jsonLd[0] as string)).toEqual(head.jsonLd);
      // Nothing outside the values changed: the template's own text is kept as it was.
      expect(skeletonOf(page)).toBe(emptySkeleton);
    }
  });
});

describe('page head', () => {
  it('keeps the template around the values byte for byte', () => {
    const page = withPageHead(WEB_INDEX, { title: 'T', description: 'D' });
    const [before] = WEB_INDEX.split('<meta name="description"');
    expect(page.startsWith(before as string)).toBe(true);
    expect(page.endsWith(WEB_INDEX.slice(WEB_INDEX.indexOf('</head>')))).toBe(true);
    expect(page).toContain('<meta name="theme-color" content="#1e3a8a" />');
    expect(page).toContain('<title>T</title>');
    expect(page).not.toContain('<title>Jobbportalen</title>');
  });

  it('gives a page of ordinary size for a title of six hundred $` (it used to be hundreds of MB)', () => {
    const title = `Snickare ${'$`'.repeat(600)}`;
    const page = withPageHead(WEB_INDEX, { title, description: "$' ".repeat(600), jsonLd: { title } });
    expect(page.length).toBeLessThan(WEB_INDEX.length + 20_000);
    expect(page).toContain(`<title>${title}</title>`);
    expect(page).toContain(`<meta property="og:description" content="${'$&#39; '.repeat(600)}" />`);
  });

  it('adds title and description to a template that has neither', () => {
    const page = withPageHead(TEMPLATES['a page without title and description'] as string, {
      title: "$'",
      description: '$&',
    });
    expect(headValuesOf(page)).toMatchObject({ title: ['$&#39;'], description: ['$&#38;'] });
    expect(page.indexOf('<title>')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain('<body>$&</body>');
  });
});
