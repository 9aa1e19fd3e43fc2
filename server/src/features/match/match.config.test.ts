import { describe, expect, it } from 'vitest';
import { loadMatchConfig } from './match.config.js';

describe('loadMatchConfig: memory of CV reading', () => {
  it('defaults to a 256 MB budget shared by all readings and a 128 MB heap per reader', () => {
    expect(loadMatchConfig({})).toMatchObject({ extractionMemoryMb: 256, extractionHeapMb: 128 });
  });

  it('takes both from the environment', () => {
    const config = loadMatchConfig({ MATCH_EXTRACTION_MEMORY_MB: '512', MATCH_EXTRACTION_HEAP_MB: '192' });
    expect(config).toMatchObject({ extractionMemoryMb: 512, extractionHeapMb: 192 });
  });

  it('reports a heap too small for the parsers, and a budget smaller than one reader', () => {
    expect(() => loadMatchConfig({ MATCH_EXTRACTION_HEAP_MB: '16' })).toThrow(
      /MATCH_EXTRACTION_HEAP_MB must be at least 32/,
    );
    expect(() =>
      loadMatchConfig({ MATCH_EXTRACTION_MEMORY_MB: '64', MATCH_EXTRACTION_HEAP_MB: '128' }),
    ).toThrow(/MATCH_EXTRACTION_MEMORY_MB must be at least MATCH_EXTRACTION_HEAP_MB/);
    expect(() => loadMatchConfig({ MATCH_EXTRACTION_MEMORY_MB: 'lots' })).toThrow(
      /MATCH_EXTRACTION_MEMORY_MB must be a whole number/,
    );
  });
});
