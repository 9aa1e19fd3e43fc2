// Reading server HTML as a crawler would, without a browser.

/** Text of an HTML attribute or element, with character references resolved. */
export const decodeHtml = (text: string): string =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

/** The page's <title>, decoded. */
export const titleOf = (html: string): string => decodeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
