import { randomBytes } from 'node:crypto';
import { createMeiliClient } from '@jobbportalen/storage';
import { inject } from 'vitest';

/** The run's shared Meilisearch, and an index name no other test file uses. */
export function testSearch(prefix = 'test') {
  const url = inject('meiliUrl');
  const apiKey = inject('meiliKey');
  const client = createMeiliClient(url, apiKey);
  const indexUid = `${prefix}_${randomBytes(5).toString('hex')}`;
  return { url, apiKey, client, indexUid };
}
