import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completed } from '@jobbportalen/storage';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { CV_MESSAGES } from './extraction/cv-text.js';
import { bulkyDocx, docWithHugeFat } from './fixtures/bad-files.js';
import { JUDGED_CVS } from './fixtures/judged-cvs.js';
import { cvUpload } from './fixtures/multipart.js';
import { writePdf } from './fixtures/pdf-writer.js';
import { TEST_DOCUMENTS } from './fixtures/test-documents.js';

const MB = 1024 * 1024;
const LETTER = 'Hej! Jag söker ett nytt jobb och bifogar mitt CV.';
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/cvs/${name}`, import.meta.url));

// What one CV reading may hold, and all of them together, with the default settings
// (MATCH_EXTRACTION_MEMORY_MB 256, MATCH_EXTRACTION_HEAP_MB 128).
describe('POST /api/ai/match under memory limits', () => {
  let t: TestApp;
  let ip = 0;
  const post = (upload: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/ai/match', remoteAddress: `10.2.0.${++ip}`, ...upload });

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await completed(t.search.client.index(t.config.meiliIndex).addDocuments(TEST_DOCUMENTS));
    // Both workers started and the lexicon loaded: what follows is not held up by start-up.
    await Promise.all([
      post(cvUpload(writePdf('Anna Andersson\nUndersköterska i Malmö'), 'cv.pdf', LETTER)),
      post(cvUpload(writePdf('Bertil Berg\nSnickare i Västerås'), 'cv.pdf', LETTER)),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('422 for a .docx whose document.xml unpacks to 19.5 MB (a 3.4 MB file), refused before reading', async () => {
    const response = await post(cvUpload(bulkyDocx(19.5 * MB), 'cv.docx', LETTER));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'UNPROCESSABLE_DOCUMENT',
      message: CV_MESSAGES.tooLargeUnpacked,
      error: CV_MESSAGES.tooLargeUnpacked,
    });
  });

  it('503 with Retry-After for heavy CVs beyond the memory budget, while an ordinary match goes through', async () => {
    // Each of these reserves about 130 MB of the 256 MB budget while mammoth reads it.
    const heavy = [1, 2, 3].map((seed) => cvUpload(bulkyDocx(1.9 * MB, seed), 'cv.docx', LETTER));
    const cv = JUDGED_CVS.find((candidate) => candidate.id === 'sv-javautvecklare-goteborg')!;
    const ordinary = cvUpload(fixture(`${cv.id}.pdf`), 'cv.pdf', cv.letter);
    const [normal, ...answers] = await Promise.all([post(ordinary), ...heavy.map(post)]);

    expect(normal!.statusCode).toBe(200);
    expect(normal!.json().matches[0]._id).toBe('dev-gbg');
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: CV_MESSAGES.busy,
        error: CV_MESSAGES.busy,
      });
    }
    // The one that was let in was read (its made-up words match nothing, so 200 with no
    // profile worth the name, or 422 if too little of it reads as text).
    for (const answer of answers.filter((a) => a.statusCode !== 503))
      expect([200, 422]).toContain(answer.statusCode);
  });

  it('422 for a .doc whose header makes word-extractor fill hundreds of MB, and the server stays up', async () => {
    const response = await post(
      cvUpload(docWithHugeFat(fixture('sv-snickare-vasteras.doc')), 'cv.doc', LETTER),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'UNPROCESSABLE_DOCUMENT', message: CV_MESSAGES.corrupt });
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});
