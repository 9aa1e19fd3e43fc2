import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completed } from '@jobbportalen/storage';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { CV_MESSAGES } from './extraction/cv-text.js';
import {
  docxZipBomb,
  fakeElf,
  fakeExe,
  lyingDocxZipBomb,
  markDocEncrypted,
  odtLikeZip,
  oleWithoutWord,
  truncatedPdf,
} from './fixtures/bad-files.js';
import { writeDocx } from './fixtures/docx-writer.js';
import { JUDGED_CVS } from './fixtures/judged-cvs.js';
import { cvUpload, multipartBody } from './fixtures/multipart.js';
import { writePdf } from './fixtures/pdf-writer.js';
import { TEST_DOCUMENTS } from './fixtures/test-documents.js';
import { UPLOAD_MESSAGES } from './extraction/upload.js';

const judged = (id: string) => {
  const cv = JUDGED_CVS.find((candidate) => candidate.id === id);
  if (!cv) throw new Error(id);
  return cv;
};
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/cvs/${name}`, import.meta.url));
const LETTER = 'Hej! Jag söker ett nytt jobb och bifogar mitt CV.';

describe.each(testDatabaseKinds())('POST /api/ai/match on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  // Each request from its own address, so the per-IP limit only bites where a test wants it to.
  const post = (
    upload: { payload: Buffer | string; headers: Record<string, string> },
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/match',
      remoteAddress: remoteAddress ?? `10.1.${Math.floor(++ip / 250)}.${ip % 250}`,
      ...upload,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await completed(t.search.client.index(t.config.meiliIndex).addDocuments(TEST_DOCUMENTS));
    // The first upload starts the extraction worker and loads the lexicon: not what tests time.
    await post(cvUpload(writePdf('Anna Andersson\nUndersköterska i Malmö'), 'cv.pdf', LETTER));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('happy paths', () => {
    it('matches a PDF CV: the local developer job first, with the evidence and what is missing', async () => {
      const cv = judged('sv-javautvecklare-goteborg');
      const response = await post(cvUpload(fixture(`${cv.id}.pdf`), 'erik.pdf', cv.letter));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.profile).toEqual({
        occupations: expect.arrayContaining(['Systemutvecklare']),
        skills: expect.arrayContaining(['Java', 'SQL', 'PostgreSQL', 'Docker']),
        languages: ['Svenska', 'Engelska'],
        drivingLicences: ['B'],
        locations: ['Göteborg'],
        yearsOfExperience: 7,
      });
      const [first, ...rest] = body.matches;
      expect(first).toMatchObject({
        _id: 'dev-gbg',
        title: 'Javautvecklare till logistikteam',
        company: 'Fiktiva Arbetsgivaren AB',
        employer: 'Fiktiva Arbetsgivaren AB',
        location: 'Göteborg',
        applicationUrl: 'https://jobb.example.se/annons/dev-gbg',
      });
      expect(first.matchReason).toBe(
        'Yrke: Systemutvecklare · Kompetenser: Java, SQL (2 av 3 krav) · Meriterande: Docker · Ort: Göteborg · Saknas: C#',
      );
      expect(first.score).toBeGreaterThan(80);
      expect(first.score).toBeLessThanOrEqual(100);
      // The other developer jobs follow; the remote one before the one in Stockholm.
      expect(rest.slice(0, 2).map((match: { _id: string }) => match._id)).toEqual([
        'dev-remote',
        'dev-sthlm',
      ]);
      expect(rest[0].matchReason).toContain('Distansarbete');
      for (const match of body.matches) expect(match.score).toBeLessThanOrEqual(first.score);
    });

    it('matches a DOCX CV (a nurse in Umeå) and ignores the misleading file name', async () => {
      const cv = judged('sv-sjukskoterska-umea');
      const response = await post(
        multipartBody([
          {
            field: 'cv',
            filename: 'cv.pdf',
            content: fixture(`${cv.id}.docx`),
            contentType: 'application/pdf',
          },
          { field: 'letter', value: cv.letter },
        ]),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.profile.occupations[0]).toBe('Sjuksköterska');
      expect(body.profile.locations[0]).toBe('Umeå');
      expect(body.matches[0]._id).toBe('nurse-umea');
      expect(body.matches[0].matchReason).toMatch(
        /^Yrke: Sjuksköterska · Kompetenser: Omvårdnad, Omvårdnadsplanering \(2 av 2 krav\)/,
      );
      expect(body.matches[0].matchReason).toContain('Ort: Umeå');
      expect(body.matches[1]._id).toBe('nurse-sthlm');
    });

    it('matches a Word 97 (.doc) CV', async () => {
      const cv = judged('sv-underskoterska-malmo');
      const response = await post(cvUpload(fixture(`${cv.id}.doc`), 'leila.doc', cv.letter));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.profile).toMatchObject({
        occupations: expect.arrayContaining(['Undersköterska']),
        languages: ['Svenska', 'Arabiska', 'Engelska'],
        locations: ['Malmö'],
        yearsOfExperience: 10,
      });
      expect(body.matches[0]._id).toBe('assistant-nurse-malmo');
      expect(body.matches[0].matchReason).toContain(
        'Kompetenser: Demensvård, Personlig omvårdnad (2 av 2 krav)',
      );
    });

    it('answers an empty list, not an error, when nothing in the index fits', async () => {
      const response = await post(
        cvUpload(
          writePdf('Kalle Kula\nAstronaut på Mars sedan 2031\nRymdpromenader och raketbränsle'),
          'cv.pdf',
          LETTER,
        ),
      );
      expect(response.statusCode).toBe(200);
      expect(Array.isArray(response.json().matches)).toBe(true);
    });
  });

  describe('missing or oversized input', () => {
    it.each([
      ['no CV', multipartBody([{ field: 'letter', value: LETTER }])],
      ['no letter', multipartBody([{ field: 'cv', filename: 'cv.pdf', content: writePdf('Anna') }])],
      ['a blank letter', cvUpload(writePdf('Anna'), 'cv.pdf', '   \n  ')],
      ['an empty file', cvUpload(Buffer.alloc(0), 'cv.pdf', LETTER)],
      [
        'the CV under another field name',
        multipartBody([
          { field: 'file', filename: 'cv.pdf', content: writePdf('Anna') },
          { field: 'letter', value: LETTER },
        ]),
      ],
      [
        'a JSON body',
        { payload: JSON.stringify({ letter: LETTER }), headers: { 'content-type': 'application/json' } },
      ],
    ])('400 for %s', async (_case, upload) => {
      const response = await post(upload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Bifoga både CV och personligt brev.',
        error: 'Bifoga både CV och personligt brev.',
      });
    });

    it('413 for a CV over 5 MB', async () => {
      const big = Buffer.concat([writePdf('Anna'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
      const response = await post(cvUpload(big, 'cv.pdf', LETTER));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: UPLOAD_MESSAGES.fileTooLarge,
      });
    });

    it('413 for a letter over 20 000 characters, and for a letter field over its byte limit', async () => {
      const long = await post(cvUpload(writePdf('Anna'), 'cv.pdf', 'å'.repeat(20_001)));
      expect(long.statusCode).toBe(413);
      expect(long.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: UPLOAD_MESSAGES.letterTooLong,
      });
      const huge = await post(cvUpload(writePdf('Anna'), 'cv.pdf', 'a'.repeat(200_000)));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe(UPLOAD_MESSAGES.letterTooLong);
    });

    it('accepts a letter of exactly 20 000 characters (counted as characters, not bytes)', async () => {
      const cv = judged('sv-javautvecklare-goteborg');
      const response = await post(cvUpload(fixture(`${cv.id}.pdf`), 'cv.pdf', 'ö'.repeat(20_000)));
      expect(response.statusCode).toBe(200);
    });

    it('400, not 500, for multipart that cannot be parsed', async () => {
      const noBoundary = await post({ payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
      expect(noBoundary.statusCode).toBe(400);
      const full = cvUpload(writePdf('Anna'), 'cv.pdf', LETTER);
      const cut = await post({
        payload: full.payload.subarray(0, full.payload.length - 60),
        headers: full.headers,
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().code).toBe('VALIDATION_FAILED');
    });

    it('413 for too many parts', async () => {
      const parts = Array.from({ length: 8 }, (_, i) => ({ field: `extra${i}`, value: 'x' }));
      const response = await post(multipartBody([...parts, { field: 'letter', value: LETTER }]));
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(UPLOAD_MESSAGES.tooManyFields);
    });

    it('400 for a second file', async () => {
      const response = await post(
        multipartBody([
          { field: 'cv', filename: 'a.pdf', content: writePdf('Anna') },
          { field: 'cv', filename: 'b.pdf', content: writePdf('Bertil') },
          { field: 'letter', value: LETTER },
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(UPLOAD_MESSAGES.oneFile);
    });
  });

  describe('files that are not a CV we can read', () => {
    it.each([
      ['a Windows .exe renamed cv.pdf', fakeExe(), 'cv.pdf'],
      ['a Linux executable renamed cv.docx', fakeElf(), 'cv.docx'],
      ['an OpenDocument-like zip', odtLikeZip(), 'cv.docx'],
      ['an OLE2 file that is no Word document', oleWithoutWord(), 'cv.doc'],
      ['plain text', Buffer.from('Anna Andersson, undersköterska i Malmö'), 'cv.txt'],
    ])('415 for %s', async (_case, content, filename) => {
      const response = await post(cvUpload(content, filename, LETTER));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: CV_MESSAGES.unsupportedType,
      });
      expect(response.json().message).toMatch(/PDF.*\.docx.*\.doc/);
    });

    it.each([
      ['a truncated PDF', () => truncatedPdf(judged('sv-javautvecklare-goteborg').cv), CV_MESSAGES.corrupt],
      [
        'a PDF header followed by garbage',
        () => Buffer.concat([Buffer.from('%PDF-1.7\n'), fakeExe()]),
        CV_MESSAGES.corrupt,
      ],
      [
        'an encrypted PDF',
        () => writePdf('Hemlig Person\nSjuksköterska', { encrypted: true }),
        CV_MESSAGES.encrypted,
      ],
      ['a scanned PDF without a text layer', () => writePdf('', { imageOnly: true }), CV_MESSAGES.scanned],
      ['a DOCX without text', () => writeDocx(''), CV_MESSAGES.empty],
      ['a DOCX cut off', () => writeDocx('Anna Andersson').subarray(0, 400), CV_MESSAGES.corrupt],
      ['a truncated DOC', () => fixture('sv-snickare-vasteras.doc').subarray(0, 3000), CV_MESSAGES.corrupt],
      [
        'an encrypted DOC',
        () => markDocEncrypted(fixture('sv-snickare-vasteras.doc')),
        CV_MESSAGES.encrypted,
      ],
    ])('422 for %s', async (_case, make, message) => {
      const response = await post(cvUpload(make(), 'cv.pdf', LETTER));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'UNPROCESSABLE_DOCUMENT', message });
    });

    it('422 for DOCX zip bombs, honest or lying about their size, and the server stays up', async () => {
      for (const bomb of [await docxZipBomb(), await lyingDocxZipBomb()]) {
        const response = await post(cvUpload(bomb, 'cv.docx', LETTER));
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({
          code: 'UNPROCESSABLE_DOCUMENT',
          message: CV_MESSAGES.tooLargeUnpacked,
        });
      }
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    });

    it('never answers 500 to damaged files that look like PDF, DOCX or DOC', async () => {
      const good = [
        writePdf(judged('sv-kock-helsingborg').cv),
        writeDocx(judged('sv-kock-helsingborg').cv),
        fixture('sv-forskollarare-uppsala.doc'),
      ];
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (const file of good) {
        for (let round = 0; round < 4; round++) {
          const damaged = Buffer.from(file);
          // Keep the magic bytes, scramble a stretch after them.
          const start = 16 + Math.floor(random() * (damaged.length - 64));
          for (let i = start; i < Math.min(damaged.length, start + 200); i++)
            damaged[i] = Math.floor(random() * 256);
          const response = await post(cvUpload(damaged, 'cv', LETTER));
          expect([200, 415, 422]).toContain(response.statusCode);
        }
      }
    });
  });

  it('limits requests per IP address (429 after 10 a minute)', async () => {
    const address = '192.0.2.77';
    const upload = multipartBody([{ field: 'letter', value: LETTER }]);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(upload, address)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    const limited = await post(upload, address);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/^För många försök/);
    // Another address is not affected.
    expect((await post(upload, '192.0.2.78')).statusCode).toBe(400);
  });

  it('documents the route in OpenAPI', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.paths).toHaveProperty('/api/ai/match');
  });
});
