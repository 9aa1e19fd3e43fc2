import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, jsonBody } from './api-client';

interface Call {
  path: string;
  init: RequestInit;
}

type Answer = { status: number; body?: unknown } | Error;

/** A client over a fake network and a fake token store, recording what it did. */
interface Setup {
  token?: string | null;
  /** Path and query of the page the visitor is on. */
  path?: string;
  /** Removing the token fails silently, as localStorage does in some locked-down browsers. */
  storageBlocked?: boolean;
  answer: (call: Call) => Answer | Promise<Answer>;
}

function setUp({ token = 'gammal-token', path = '/dashboard', storageBlocked = false, answer }: Setup) {
  const calls: Call[] = [];
  const navigations: string[] = [];
  const store: { token: string | null; clears: number } = { token, clears: 0 };
  const client = createApiClient({
    fetch: async (requestPath, init) => {
      const call = { path: requestPath, init };
      calls.push(call);
      const result = await answer(call);
      if (result instanceof Error) throw result;
      const text =
        result.body === undefined
          ? ''
          : typeof result.body === 'string'
            ? result.body
            : JSON.stringify(result.body);
      return new Response(text, { status: result.status });
    },
    readToken: () => store.token,
    clearToken: () => {
      store.clears += 1;
      if (!storageBlocked) store.token = null;
    },
    currentPath: () => path,
    navigate: (to) => navigations.push(to),
  });
  return { client, calls, navigations, store };
}

const header = (call: Call | undefined, name: string): string | null =>
  new Headers(call?.init.headers).get(name);

const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

const unauthorized = {
  status: 401,
  body: { code: 'UNAUTHORIZED', message: 'Logga in igen.', error: 'Logga in igen.' },
};

describe('request', () => {
  it('sends the stored token on session calls, and only on those', async () => {
    const { client, calls } = setUp({ answer: () => ({ status: 200, body: [] }) });
    await client.request('/api/candidate/saved-jobs', { session: true });
    await client.request('/api/jobs/latest?limit=6');
    expect(header(calls[0], 'Authorization')).toBe('Bearer gammal-token');
    expect(header(calls[1], 'Authorization')).toBeNull();
  });

  it('sends a JSON body with its content type and returns the parsed answer', async () => {
    const { client, calls } = setUp({
      answer: () => ({ status: 201, body: { message: 'Jobbet har sparats.' } }),
    });
    const answer = await client.request<{ message: string }>('/api/candidate/save-job', {
      method: 'POST',
      json: { jobId: '42' },
      session: true,
    });
    expect(answer).toEqual({ message: 'Jobbet har sparats.' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"jobId":"42"}');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
  });

  it('turns our error body into an ApiError with status, code, Swedish message and the body', async () => {
    const body = {
      code: 'GONE',
      message: 'Annonsen är borttagen',
      error: 'Annonsen är borttagen',
      job: { _id: '7' },
    };
    const { client } = setUp({ answer: () => ({ status: 410, body }) });
    const error = await rejection(client.request('/api/jobs/7'));
    expect(error.status).toBe(410);
    expect(error.code).toBe('GONE');
    expect(error.message).toBe('Annonsen är borttagen');
    expect(error.body).toEqual(body);
  });

  it('reads `error` when `message` is missing, and survives answers that are not our shape', async () => {
    const onlyError = setUp({
      answer: () => ({ status: 400, body: { code: 'VALIDATION_FAILED', error: 'Ange ett namn.' } }),
    });
    expect((await rejection(onlyError.client.request('/api/x'))).message).toBe('Ange ett namn.');

    const proxyPage = setUp({ answer: () => ({ status: 502, body: '<html>Bad gateway</html>' }) });
    const error = await rejection(proxyPage.client.request('/api/x'));
    expect([error.status, error.code, error.message]).toEqual([502, null, '']);
  });

  it('reports an unreachable server as status 0 and lets an abort through as it is', async () => {
    const offline = setUp({ answer: () => new TypeError('Failed to fetch') });
    expect((await rejection(offline.client.request('/api/x'))).status).toBe(0);

    const aborted = setUp({ answer: () => new DOMException('Avbruten', 'AbortError') });
    await expect(aborted.client.request('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('a 401 to a call that carried the session', () => {
  it('logs out and goes to /login with the way back once, however many calls fail together', async () => {
    const { client, navigations, store } = setUp({
      path: '/dashboard?flik=sparade',
      answer: () => unauthorized,
    });
    const burst = [
      '/api/auth/me',
      '/api/candidate/saved-jobs',
      '/api/admin/job-stats',
      '/api/admin/import-log',
      '/api/admin/jobstream/status',
    ];
    const errors = await Promise.all(burst.map((path) => rejection(client.request(path, { session: true }))));
    expect(errors.map((error) => error.status)).toEqual([401, 401, 401, 401, 401]);
    expect(store.clears).toBe(1);
    expect(store.token).toBeNull();
    expect(navigations).toEqual(['/login?next=%2Fdashboard%3Fflik%3Dsparade']);
  });

  it('ends nothing for a quiet call (an extra a public page asks for): it only fails', async () => {
    const { client, calls, navigations, store } = setUp({ path: '/jobb/7', answer: () => unauthorized });
    const error = await rejection(client.request('/api/candidate/fit?ids=7', { session: true, quiet: true }));
    expect(error.status).toBe(401);
    expect(header(calls[0], 'Authorization')).toBe('Bearer gammal-token');
    expect(store).toEqual({ token: 'gammal-token', clears: 0 });
    expect(navigations).toEqual([]);
  });

  it('stays at one redirect even when the token cannot be removed (storage blocked)', async () => {
    // Readers keep seeing the same token: only the client's memory of it stops a second round.
    const { client, navigations } = setUp({
      path: '/admin',
      storageBlocked: true,
      answer: () => unauthorized,
    });
    await Promise.all(
      [1, 2, 3].map(() => rejection(client.request('/api/admin/job-stats', { session: true }))),
    );
    await rejection(client.request('/api/admin/job-stats', { session: true }));
    expect(navigations).toEqual(['/login?next=%2Fadmin']);
  });

  it('ends a later session too: once per token, not once per page load', async () => {
    const { client, navigations, store } = setUp({ answer: () => unauthorized });
    await rejection(client.request('/api/auth/me', { session: true }));
    store.token = 'ny-token';
    await rejection(client.request('/api/auth/me', { session: true }));
    expect(store.clears).toBe(2);
    expect(navigations).toHaveLength(2);
  });

  it('leaves a newer session alone: the token changed while the call was on its way', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { client, navigations, store } = setUp({ answer: () => held.then(() => unauthorized) });
    const pending = rejection(client.request('/api/auth/me', { session: true }));
    store.token = 'ny-token'; // logged in again, here or in another tab
    release();
    await pending;
    expect(store.clears).toBe(0);
    expect(store.token).toBe('ny-token');
    expect(navigations).toEqual([]);
  });

  it('on the login page itself only forgets the token', async () => {
    const { client, navigations, store } = setUp({
      path: '/login?next=%2Fadmin',
      answer: () => unauthorized,
    });
    await rejection(client.request('/api/auth/me', { session: true }));
    expect(store.clears).toBe(1);
    expect(navigations).toEqual([]);
  });
});

describe('a 401 that does not end a session', () => {
  const wrongPassword = {
    status: 401,
    body: {
      code: 'UNAUTHORIZED',
      message: 'Fel e-postadress eller lösenord.',
      error: 'Fel e-postadress eller lösenord.',
    },
  };

  it('the log-in call: a wrong password keeps the stored session and the page', async () => {
    const { client, calls, navigations, store } = setUp({ path: '/login', answer: () => wrongPassword });
    const error = await rejection(
      client.request('/api/auth/login', { method: 'POST', json: { email: 'a@example.se', password: 'fel' } }),
    );
    expect(error.message).toBe('Fel e-postadress eller lösenord.');
    expect(header(calls[0], 'Authorization')).toBeNull();
    expect(store).toEqual({ token: 'gammal-token', clears: 0 });
    expect(navigations).toEqual([]);
  });

  it('the log-in call as the login form still sends it (apiFetch with a JSON body), from any page', async () => {
    const { client, navigations, store } = setUp({ path: '/admin', answer: () => wrongPassword });
    const error = await rejection(
      client.apiFetch('/api/auth/login', {
        method: 'POST',
        ...jsonBody({ email: 'a@example.se', password: 'fel' }),
      }),
    );
    expect(error.status).toBe(401);
    expect(store.clears).toBe(0);
    expect(navigations).toEqual([]);
  });

  it('a session call made without a stored token (nobody is logged in)', async () => {
    const { client, calls, navigations, store } = setUp({ token: null, answer: () => unauthorized });
    await rejection(
      client.request('/api/candidate/save-job', { method: 'POST', json: { jobId: '1' }, session: true }),
    );
    expect(header(calls[0], 'Authorization')).toBeNull();
    expect(store.clears).toBe(0);
    expect(navigations).toEqual([]);
  });
});
