import fs from 'node:fs';
import path from 'node:path';

/** A stylesheet link of the built index.html: `<link rel="stylesheet" crossorigin href="/assets/…css">`. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * index.html with its stylesheets inside the page: the first paint of a server-rendered page then
 * waits for no further request (on a phone's network each one costs a round trip or more). The
 * stylesheet is our own build output, small (about 4 KB compressed), and the same for every page.
 */
export function inlineStylesheets(indexHtml: string, root: string): string {
  const parts: string[] = [];
  let position = 0;
  for (const match of indexHtml.matchAll(STYLESHEET_LINK)) {
    const file = path.join(root, match[1]!);
    if (!fs.existsSync(file)) continue;
    // '</style' cannot occur in CSS we wrote; guard anyway so a build can never break the page.
    const css = fs.readFileSync(file, 'utf8').split('</style').join('<\\/style');
    parts.push(indexHtml.slice(position, match.index), `<style>${css}</style>`);
    position = match.index + match[0].length;
  }
  parts.push(indexHtml.slice(position));
  return parts.join('');
}
