import { describe, expect, it } from 'vitest';
import { decodeEncodedWords, parseHeaders } from './kept-mails.js';
import { MailRenderError } from './mail-render-error.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs, verdictOf } from './mail-retry.js';

const smtpError = (code: string, responseCode?: number) =>
  Object.assign(new Error(`${code} ${responseCode ?? ''}`), { code, responseCode });

describe('mail retries', () => {
  it('doubles the wait from one minute up to six hours, with at most a quarter of jitter', () => {
    const exact = { ...DEFAULT_RETRY_POLICY, random: () => 1 };
    expect([1, 2, 3, 4, 9, 10].map((attempts) => retryDelayMs(attempts, exact))).toEqual([
      60_000,
      120_000,
      240_000,
      480_000,
      15_360_000,
      6 * 3600_000,
    ]);
    expect(retryDelayMs(1, { ...DEFAULT_RETRY_POLICY, random: () => 0 })).toBe(45_000);
  });

  it('fails a mail on a permanent 5xx and retries everything else', () => {
    expect(verdictOf(smtpError('EENVELOPE', 550))).toBe('permanent');
    expect(verdictOf(smtpError('EMESSAGE', 552))).toBe('permanent');
    expect(verdictOf(new MailRenderError('bad link'))).toBe('permanent');
    expect(verdictOf(smtpError('EENVELOPE', 451))).toBe('retry');
    expect(verdictOf(smtpError('EPROTOCOL', 503))).toBe('retry');
    expect(verdictOf(smtpError('ESOCKET'))).toBe('retry');
    expect(verdictOf(smtpError('ECONNECTION'))).toBe('retry');
    // A wrong password fails every mail alike: the operator fixes it, the mails wait.
    expect(verdictOf(smtpError('EAUTH', 535))).toBe('retry');
    expect(verdictOf(new Error('disk full'))).toBe('retry');
  });
});

describe('kept mail headers', () => {
  it('reads folded headers and RFC 2047 words', () => {
    const headers = parseHeaders(
      'To: anna@example.se\r\nSubject: =?UTF-8?Q?1_nytt_jobb_f=C3=B6r_=E2=80=9Dl=C3=A4rar?=\r\n =?UTF-8?Q?e=E2=80=9D_i_G=C3=B6teborg?=\r\nX-B: =?utf-8?B?w6XDpMO2?= och mer\r\n\r\nSubject: not a header',
    );
    expect(headers.get('to')).toBe('anna@example.se');
    expect(headers.get('subject')).toBe('1 nytt jobb för ”lärare” i Göteborg');
    expect(headers.get('x-b')).toBe('åäö och mer');
    expect(decodeEncodedWords('plain $& text')).toBe('plain $& text');
  });
});
