import { describe, expect, it } from 'vitest';
import {
  IDLE_BEFORE_REMINDER_DAYS,
  REMOVAL_AFTER_REMINDER_DAYS,
} from '../features/alerts/alert-housekeeping.js';
import { createSignedTokens } from '../http/signed-tokens.js';
import { createMailLinks, MANAGE_LINK_SECONDS } from './mail-links.js';

const NOW_SECONDS = 1_800_000_000;
const DAY = 24 * 3600;
const tokens = createSignedTokens('a-test-secret-that-is-long-enough-for-hmac', () => NOW_SECONDS * 1000);
const links = createMailLinks('https://jobb.example.se', tokens);
const id = '00000000-0000-4000-8000-000000000001';

/** Seconds from now until the link's token expires. */
function lifetimeOf(link: string): number {
  const [payload] = new URL(link).searchParams.get('token')!.split('.');
  const { e } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { e?: number };
  return e! - NOW_SECONDS;
}

describe('mail links', () => {
  it('give every token an expiry', () => {
    expect(lifetimeOf(links.confirmAlert(id))).toBe(7 * DAY);
    expect(lifetimeOf(links.verifyEmail(id, 'anna@example.se'))).toBe(7 * DAY);
    expect(lifetimeOf(links.resetPassword(id, 0))).toBe(3600);
    expect(lifetimeOf(links.manageAlert(id))).toBe(MANAGE_LINK_SECONDS);
    expect(lifetimeOf(links.oneClickUnsubscribe(id))).toBe(MANAGE_LINK_SECONDS);
  });

  it('keep a manage link working as long as housekeeping may keep its unused subscription', () => {
    expect(MANAGE_LINK_SECONDS).toBeGreaterThanOrEqual(
      (IDLE_BEFORE_REMINDER_DAYS + REMOVAL_AFTER_REMINDER_DAYS) * DAY,
    );
  });
});
