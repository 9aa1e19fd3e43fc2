/**
 * The auth and match features still define these answers (and the no-NUL rule) themselves. Until
 * they import them from contracts, this keeps the two copies identical, so the web's types describe
 * what the server really sends. Delete it once auth.schemas.ts, validation.ts and match.schemas.ts
 * use the contracts ones.
 */
import { describe, expect, it } from 'vitest';
import {
  ProfileResponse,
  TokenResponse as ServerTokenResponse,
} from '../../../server/src/features/auth/auth.schemas.js';
import { NO_NUL as SERVER_NO_NUL } from '../../../server/src/features/auth/validation.js';
import { MatchProfile as ServerMatchProfile } from '../../../server/src/features/match/match.schemas.js';
import { Me, TokenResponse } from './auth.js';
import { MatchProfile } from './match.js';
import { NO_NUL } from './text-rules.js';

const expectSameSchema = (ours: unknown, server: unknown): void => {
  expect(JSON.stringify(ours)).toBe(JSON.stringify(server));
  expect(ours).toStrictEqual(server);
};

describe('contracts schemas the server does not import yet', () => {
  it('Me is the server’s ProfileResponse (GET /api/auth/me)', () => {
    expectSameSchema(Me, ProfileResponse);
  });

  it('TokenResponse is the server’s (POST /api/auth/login)', () => {
    expectSameSchema(TokenResponse, ServerTokenResponse);
  });

  it('MatchProfile is the server’s (the profile of POST /api/ai/match)', () => {
    expectSameSchema(MatchProfile, ServerMatchProfile);
  });

  it('NO_NUL is the pattern the server’s own request schemas use', () => {
    expect(NO_NUL).toBe(SERVER_NO_NUL);
  });
});
