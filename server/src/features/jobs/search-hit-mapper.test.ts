import { describe, expect, it } from 'vitest';
import { excerpt } from './search-hit-mapper.js';

describe('excerpt', () => {
  it('keeps short texts and cuts long ones at a word boundary', () => {
    expect(excerpt('Kort text.')).toBe('Kort text.');
    const long = 'ord '.repeat(200);
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(302);
    expect(cut.endsWith('ord …')).toBe(true);
  });
});
