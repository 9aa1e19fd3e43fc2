import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, isAbortError } from './api-client';

interface Sent {
  path: string;
  init: RequestInit;
  /** Answers this request (a status and JSON body), or fails it as an unreachable server does. */
  answer: (status: number | Error, body?: unknown) => void;
}

/** A client whose network (the one fake: `fetch`) answers only when the test says so. */
function setUp() {
  const sent: Sent[] = [];
  const client = createApiClient({
    fetch: (path, init) =>
      new Promise<Response>((resolve, reject) => {
        sent.push({
          path,
          init,
          answer: (status, body) =>
            status instanceof Error
              ? reject(status)
              : resolve(new Response(body === undefined ? '' : JSON.stringify(body), { status })),
        });
      }),
    readToken: () => 'en-token',
    clearToken: () => undefined,
    currentPath: () => '/jobb',
    navigate: () => undefined,
  });
  const sentTo = (path: string): Sent[] => sent.filter((request) => request.path === path);
  return { client, sent, sentTo };
}

const settled = <T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

const JOB = '/api/jobs/123';
const SIMILAR = '/api/jobs/123/similar';

describe('navigation answers', () => {
  it('starts one fetch per path at once, before any screen asks', () => {
    const { client, sent } = setUp();
    client.startNavigationAnswers(['/api/config', JOB, SIMILAR, JOB]);
    expect(sent.map((request) => request.path)).toEqual(['/api/config', JOB, SIMILAR]);
    // Shared by every caller: no caller's signal, and never a token.
    for (const request of sent) {
      expect(request.init.signal ?? null).toBeNull();
      expect(new Headers(request.init.headers).get('Authorization')).toBeNull();
    }
  });

  it('hands the same answer to two callers without a second request', async () => {
    const { client, sent, sentTo } = setUp();
    client.startNavigationAnswers([JOB]);
    const first = client.request<{ id: string }>(JOB);
    const second = client.request<{ id: string }>(JOB);
    sentTo(JOB)[0]?.answer(200, { id: '123' });
    expect(await first).toEqual({ id: '123' });
    expect(await second).toEqual({ id: '123' });
    // A caller after the answer arrived (a screen whose chunk came later) reads it too.
    expect(await client.request(JOB)).toEqual({ id: '123' });
    expect(sent).toHaveLength(1);
  });

  it("ends an aborted caller with its AbortError and leaves the others' fetch running", async () => {
    const { client, sent, sentTo } = setUp();
    client.startNavigationAnswers([JOB]);
    const leaving = new AbortController();
    const aborted = settled(client.request(JOB, { signal: leaving.signal }));
    const staying = client.request<{ id: string }>(JOB, { signal: new AbortController().signal });
    leaving.abort();
    const { error } = await aborted;
    expect(isAbortError(error)).toBe(true);
    sentTo(JOB)[0]?.answer(200, { id: '123' });
    expect(await staying).toEqual({ id: '123' });
    // A caller aborted before it asks never waits at all.
    expect(isAbortError((await settled(client.request(JOB, { signal: leaving.signal }))).error)).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it("forgets the previous navigation's answers: a later one never reads them", async () => {
    const { client, sentTo } = setUp();
    client.startNavigationAnswers([JOB]);
    client.startNavigationAnswers([SIMILAR]);
    const again = client.request<{ id: string; seen: number }>(JOB);
    // The old navigation's answer arrives first; the new call has its own request.
    sentTo(JOB)[0]?.answer(200, { id: '123', seen: 1 });
    expect(sentTo(JOB)).toHaveLength(2);
    sentTo(JOB)[1]?.answer(200, { id: '123', seen: 2 });
    expect(await again).toEqual({ id: '123', seen: 2 });

    // And the next navigation to the same page fetches anew.
    client.startNavigationAnswers([JOB]);
    expect(sentTo(JOB)).toHaveLength(3);
  });

  it('hands on an error answer as the ApiError the call would have thrown', async () => {
    const { client, sentTo } = setUp();
    client.startNavigationAnswers([JOB]);
    const call = settled(client.request(JOB));
    const closed = { code: 'GONE', message: 'Annonsen är inte längre aktiv.', job: { id: '123' } };
    sentTo(JOB)[0]?.answer(410, closed);
    const { error } = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 410, code: 'GONE', message: closed.message, body: closed });
  });

  it('fails the waiting callers when the server cannot be reached, and lets a later call try again', async () => {
    const { client, sentTo } = setUp();
    client.startNavigationAnswers([JOB]);
    const call = settled(client.request(JOB));
    sentTo(JOB)[0]?.answer(new TypeError('Failed to fetch'));
    const { error } = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    const retry = client.request<{ id: string }>(JOB);
    expect(sentTo(JOB)).toHaveLength(2);
    sentTo(JOB)[1]?.answer(200, { id: '123' });
    expect(await retry).toEqual({ id: '123' });
  });

  it("keeps calls with the visitor's token out: they send their own request", async () => {
    const { client, sentTo } = setUp();
    client.startNavigationAnswers([JOB]);
    const own = client.request<{ saved: boolean }>(JOB, { session: true });
    expect(sentTo(JOB)).toHaveLength(2);
    expect(new Headers(sentTo(JOB)[1]?.init.headers).get('Authorization')).toBe('Bearer en-token');
    sentTo(JOB)[1]?.answer(200, { saved: true });
    expect(await own).toEqual({ saved: true });
  });
});

describe('answers started by a pressed link', () => {
  it('go out at the press, stay unread by the page shown, and are taken by the navigation that follows', async () => {
    const { client, sent, sentTo } = setUp();
    client.prepareNavigationAnswers([JOB, SIMILAR]);
    expect(sent.map((request) => request.path)).toEqual([JOB, SIMILAR]);
    // The page still shown asks for itself.
    const current = client.request(JOB);
    expect(sentTo(JOB)).toHaveLength(2);
    sentTo(JOB)[1]?.answer(200, { id: '123', seen: 'before' });
    await current;

    client.startNavigationAnswers([JOB, SIMILAR]);
    expect(sent).toHaveLength(3);
    sentTo(JOB)[0]?.answer(200, { id: '123', seen: 'pressed' });
    expect(await client.request(JOB)).toEqual({ id: '123', seen: 'pressed' });
  });

  it('are forgotten by a navigation elsewhere, and when the press led nowhere', () => {
    const { client, sentTo } = setUp();
    client.prepareNavigationAnswers([JOB]);
    client.startNavigationAnswers(['/api/config']);
    client.startNavigationAnswers([JOB]);
    expect(sentTo(JOB)).toHaveLength(2);

    client.prepareNavigationAnswers([SIMILAR]);
    client.dropPreparedAnswers();
    client.startNavigationAnswers([SIMILAR]);
    expect(sentTo(SIMILAR)).toHaveLength(2);
  });
});
