import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_INDEX_HTML =
  '<!doctype html><html lang="sv"><head><title>Jobbportalen</title></head><body><div id="root"></div></body></html>';

/**
 * A small renderer of the test's own in place of the web app's build (renderer.ts's contract). It
 * counts its renders on globalThis under `counter` (it is loaded into the test's process) and asks
 * /api/jobs in-process with the page's own query; further asks by the address's words:
 * `annons=ID` also GET /api/jobs/ID; `svar=PATH` (repeatable) also GET PATH; `sok=BODY` also
 * posts BODY as a multi-search, its answer kept as `search`; `trasig-sokning` posts a search the proxy turns down (400)
 * and fails as the search client would; `krasch` throws a plain error of the renderer's own;
 * `vanta` waits, before asking anything, until the test opens the gate (holdRenders).
 */
function rendererSource(counter: string) {
  return `
export async function renderPage({ url, fetchApi, searchHttpClient }) {
  globalThis[${JSON.stringify(counter)}] = (globalThis[${JSON.stringify(counter)}] ?? 0) + 1;
  const { search, searchParams } = new URL(url, 'http://x');
  if (search.includes('krasch')) throw new Error('renderingen kraschade');
  if (searchParams.has('vanta')) await globalThis[${JSON.stringify(counter + 'Gate')}];
  if (search.includes('trasig-sokning')) {
    await searchHttpClient('http://jobbportalen.internal/api/search/multi-search', { method: 'POST', body: '{}' });
  }
  const answers = {};
  const ad = searchParams.get('annons');
  if (ad) answers['/api/jobs/' + ad] = await fetchApi('/api/jobs/' + ad);
  for (const path of searchParams.getAll('svar')) answers[path] = await fetchApi(path);
  const sok = searchParams.get('sok');
  if (sok) answers.search = await searchHttpClient('http://jobbportalen.internal/api/search/multi-search', { method: 'POST', body: sok });
  const answer = await fetchApi('/api/jobs' + search);
  answers['/api/jobs' + search] = answer;
  return {
    status: 200,
    html: '<main><h1>Sökresultat</h1><p class="antal">' + answer.body.totalHits + ' jobb</p></main>',
    head: { title: 'Sökresultat' },
    pageData: { answers },
    renderMs: 1.5,
    passes: 1,
  };
}
`;
}

/** A built web app in a temporary folder: index.html, one hashed asset and the renderer above. */
export function writeTestWebBuild(counter: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-pages-'));
  fs.mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'dist-server'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), TEST_INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'dist', 'assets', 'app-1234abcd.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(dir, 'dist-server', 'entry-server.js'), rendererSource(counter));
  return {
    webRoot: path.join(dir, 'dist'),
    renders: () => ((globalThis as Record<string, unknown>)[counter] as number | undefined) ?? 0,
    /** Holds renders of `vanta` addresses until the returned function is called. */
    holdRenders(): () => void {
      let open!: () => void;
      (globalThis as Record<string, unknown>)[`${counter}Gate`] = new Promise<void>(
        (resolve) => (open = resolve),
      );
      return open;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The job count a test page shows, if it is one. */
export const countIn = (html: string) => /<p class="antal">(\S+) jobb<\/p>/.exec(html)?.[1];
