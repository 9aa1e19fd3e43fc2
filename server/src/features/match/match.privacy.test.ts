import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { completed, ensureJobsIndex, openSearchEngine } from '@jobbportalen/storage';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import { openTestDatabase } from '@jobbportalen/test-support/databases';
import { testSearch } from '@jobbportalen/test-support/search';
import { truncatedPdf } from './fixtures/bad-files.js';
import { JUDGED_CVS } from './fixtures/judged-cvs.js';
import { cvUpload } from './fixtures/multipart.js';
import { writePdf } from './fixtures/pdf-writer.js';
import { searchDocument, TEST_DOCUMENTS } from './fixtures/test-documents.js';

const javaCv = JUDGED_CVS.find((cv) => cv.id === 'sv-javautvecklare-goteborg')!;

describe('the CV and the letter stay out of the log', () => {
  it('logs requests at trace level without a word of the CV, the letter or the file name', async () => {
    const shared = testSearch('jobs');
    const database = await openTestDatabase('pglite');
    const search = await openSearchEngine({
      dataDir: '',
      meiliUrl: shared.url,
      meiliMasterKey: shared.apiKey,
    });
    const config = loadConfig({
      DATA_DIR: '/nonexistent-test-data-dir',
      MEILI_INDEX: shared.indexUid,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      EMBEDDED_INDEXER: 'false',
    });
    await ensureJobsIndex(search.client, config.meiliIndex);
    const lines: string[] = [];
    const app = await buildApp({
      config,
      database,
      search,
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const secretCv = `${javaCv.cv}\nReferens: Zorblax Quuxberg, Hemligvägen 7`;
      const secretLetter = 'Jag heter Frobnitz och söker jobb som systemutvecklare i Göteborg.';
      const ok = await app.inject({
        method: 'POST',
        url: '/api/ai/match',
        ...cvUpload(writePdf(secretCv), 'zorblax-cv.pdf', secretLetter),
      });
      expect(ok.statusCode).toBe(200);
      const failed = await app.inject({
        method: 'POST',
        url: '/api/ai/match',
        ...cvUpload(truncatedPdf(secretCv), 'zorblax-cv.pdf', secretLetter),
      });
      expect(failed.statusCode).toBe(422);
      const log = lines.join('\n');
      expect(log).toContain('/api/ai/match');
      for (const secret of ['Zorblax', 'Quuxberg', 'Hemligvägen', 'Frobnitz', 'Erik Johansson', 'zorblax-cv'])
        expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await search.client.deleteIndexIfExists(config.meiliIndex).catch(() => undefined);
      await database.close();
    }
  }, 90_000);
});

describe('semantic search is off unless configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await completed(t.search.client.index(t.config.meiliIndex).addDocuments(TEST_DOCUMENTS));
    // Start the extraction worker before the test measures anything.
    await t.app.inject({
      method: 'POST',
      url: '/api/ai/match',
      ...cvUpload(writePdf(javaCv.cv), 'cv.pdf', javaCv.letter),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('calls nothing but Meilisearch when no embeddings endpoint is set', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai/match',
      ...cvUpload(writePdf(javaCv.cv), 'cv.pdf', javaCv.letter),
    });
    expect(response.statusCode).toBe(200);
    expect(fetchSpy).toHaveBeenCalled();
    for (const [input] of fetchSpy.mock.calls) {
      const url = input instanceof Request ? input.url : String(input);
      expect(url.startsWith(t.search.url)).toBe(true);
    }
  });
});

describe('semantic search with an embeddings endpoint', () => {
  const EMBEDDER = 'cvtest';
  let t: TestApp;
  let server: http.Server;
  const received: Array<{ body: { model: string; input: string }; authorization: string | undefined }> = [];

  beforeAll(async () => {
    // A stand-in for an OpenAI-compatible /embeddings endpoint: every text becomes [1, 0, 0].
    server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        received.push({ body: JSON.parse(raw), authorization: request.headers.authorization });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ data: [{ embedding: [1, 0, 0] }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await buildTestApp('pglite', {
      env: {
        EMBEDDINGS_URL: `http://127.0.0.1:${port}/v1/embeddings`,
        EMBEDDINGS_MODEL: 'test-model',
        EMBEDDINGS_API_KEY: 'test-key',
        EMBEDDINGS_EMBEDDER: EMBEDDER,
      },
    });
    const index = t.search.client.index(t.config.meiliIndex);
    await completed(
      index.updateSettings({ embedders: { [EMBEDDER]: { source: 'userProvided', dimensions: 3 } } }),
    );
    // An ad no keyword query would find for a Java developer in Göteborg (another trade, another
    // town, no shared words), but whose vector is the CV's.
    const semanticOnly = {
      ...searchDocument({
        id: 'semantic-only',
        title: 'Tandsköterska',
        occupation: 'Tandsköterska',
        ssyk: '5350',
        municipality: 'Kiruna',
        region: 'Norrbottens län',
      }),
      _vectors: { [EMBEDDER]: [1, 0, 0] },
    };
    const others = TEST_DOCUMENTS.map((document) => ({ ...document, _vectors: { [EMBEDDER]: [0, 1, 0] } }));
    await completed(index.addDocuments([...others, semanticOnly]));
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('embeds the CV once and adds the nearest ads as candidates', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai/match',
      ...cvUpload(writePdf(javaCv.cv), 'cv.pdf', javaCv.letter),
    });
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.body.model).toBe('test-model');
    expect(received[0]!.body.input).toContain('Javautvecklare');
    expect(received[0]!.authorization).toBe('Bearer test-key');
    const ids = response.json().matches.map((match: { _id: string }) => match._id);
    expect(ids[0]).toBe('dev-gbg');
    expect(ids).toContain('semantic-only');
  });
});
