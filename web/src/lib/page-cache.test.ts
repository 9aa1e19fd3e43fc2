import { describe, expect, it } from 'vitest';
import { isHeldForVisit, pageCache } from './page-cache';

describe('pageCache', () => {
  it('asks once per key however many readers load at the same time, and then answers synchronously', async () => {
    const asked: string[] = [];
    const lists = pageCache(async (path: string) => {
      asked.push(path);
      return [`svar för ${path}`];
    });
    let settledCount = 0;
    lists.subscribe(() => (settledCount += 1));

    expect(lists.peek('/api/jobs/forms')).toBeUndefined();
    const answers = await Promise.all([
      lists.load('/api/jobs/forms'),
      lists.load('/api/jobs/forms'),
      lists.load('/api/jobs/extents'),
    ]);
    await lists.load('/api/jobs/forms');

    expect(asked).toEqual(['/api/jobs/forms', '/api/jobs/extents']);
    expect(answers[0]).toBe(answers[1]);
    expect(lists.peek('/api/jobs/forms')).toEqual(['svar för /api/jobs/forms']);
    expect(settledCount).toBe(2);
  });

  it('keeps nothing from a failed load, so the next reader asks again', async () => {
    let attempts = 0;
    const config = pageCache<void, string>(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('nätverksfel');
      return 'Jobbportalen';
    });
    await expect(config.load()).rejects.toThrow('nätverksfel');
    expect(config.peek()).toBeUndefined();
    expect(await config.load()).toBe('Jobbportalen');
    expect(attempts).toBe(2);
  });

  it('tells which API paths the visit holds (or is fetching), so a navigation does not fetch them again', async () => {
    let attempts = 0;
    const lists = pageCache(
      async (path: string) => {
        attempts += 1;
        if (attempts === 1) throw new Error('nätverksfel');
        return [path];
      },
      undefined,
      (path) => path,
    );
    const path = '/api/test/held-list';
    expect(isHeldForVisit(path)).toBe(false);
    const failing = lists.load(path);
    expect(isHeldForVisit(path)).toBe(true);
    await expect(failing).rejects.toThrow('nätverksfel');
    // Nothing kept: the next navigation to a page that reads it fetches it.
    expect(isHeldForVisit(path)).toBe(false);
    await lists.load(path);
    expect(isHeldForVisit(path)).toBe(true);
  });
});
