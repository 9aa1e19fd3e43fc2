/**
 * The match feature still defines its profile answer itself. Until match.schemas.ts imports it
 * from contracts, this keeps the two copies identical, so the web's types describe what the
 * server really sends. Delete it once it does.
 */
import { describe, expect, it } from 'vitest';
import { MatchProfile as ServerMatchProfile } from '../../../server/src/features/match/match.schemas.js';
import { MatchProfile } from './match.js';

describe('contracts schemas the server does not import yet', () => {
  it('MatchProfile is the server’s (the profile of POST /api/ai/match)', () => {
    expect(JSON.stringify(MatchProfile)).toBe(JSON.stringify(ServerMatchProfile));
    expect(MatchProfile).toStrictEqual(ServerMatchProfile);
  });
});
