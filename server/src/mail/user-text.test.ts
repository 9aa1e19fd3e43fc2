import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { alertPayload, BASE } from './mail-fixtures.test-helper.js';
import type { MailPayload } from './mail-kinds.js';
import { renderMail } from './render-mail.js';
import { userText, USER_TEXT_MAX } from './user-text.js';

const HOSTILE_NAME = 'Anna\r\nKlicka här: http://evil.se/x\twww.evil.se  evil.se/y ond@evil.se';
/** As a mail shows it: one line, every host name and scheme broken (U+2024, U+2215). */
const SHOWN_NAME = 'Anna Klicka här: http:∕∕evil․se/x www․evil․se evil․se/y ond@evil․se';
const HOSTILE_SUMMARY = '”lärare\nhttps://evil.se/logga-in” i Göteborg';
const SHOWN_SUMMARY = '”lärare https:∕∕evil․se/logga-in” i Göteborg';

/**
 * The links a mail client would make of `text`: mailparser's textAsHtml runs linkify-it, the
 * linkifier many web mail clients use, over a plain-text mail.
 */
async function linksMadeOf(text: string): Promise<string[]> {
  const parsed = await simpleParser(`Content-Type: text/plain; charset=utf-8\r\n\r\n${text}`);
  return [...(parsed.textAsHtml ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
}

/** The text a reader sees in the HTML part (what a client may linkify), entities decoded. */
const visibleTextOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('userText', () => {
  it('makes one line of control characters, line breaks and spacing, and drops invisible ones', () => {
    expect(userText(' a\r\nb\t\tc\u2028d\u0085e\u0007f ')).toBe('a b c d e f');
    expect(userText('ev\u200bil\u202e.se')).toBe('evil․se');
  });

  it('breaks every host name, address and scheme so that no linkifier sees one', async () => {
    expect(userText(HOSTILE_NAME)).toBe(SHOWN_NAME);
    expect(userText('evil。se evil．se')).toBe('evil․se evil․se');
    expect(await linksMadeOf(HOSTILE_NAME)).not.toEqual([]);
    expect(await linksMadeOf(userText(HOSTILE_NAME))).toEqual([]);
  });

  it('leaves ordinary text alone, a full stop at the end of a sentence included', () => {
    expect(userText('Anna Andersson')).toBe('Anna Andersson');
    expect(userText('Lärare. Göteborg')).toBe('Lärare. Göteborg');
  });

  it(`cuts at ${USER_TEXT_MAX} characters, never inside one`, () => {
    const shown = userText('å'.repeat(USER_TEXT_MAX - 1) + '😀'.repeat(10));
    expect(Array.from(shown)).toHaveLength(USER_TEXT_MAX);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('user text in every mail that prints it', () => {
  const links = {
    searchUrl: `${BASE}/jobb`,
    manageUrl: `${BASE}/bevakning/hantera?token=m`,
    oneClickUnsubscribeUrl: `${BASE}/api/alerts/unsubscribe?token=m`,
  };
  it.each<[string, MailPayload, string]>([
    ['alert (name)', alertPayload({ name: HOSTILE_NAME }, 1), SHOWN_NAME],
    ['alert (summary)', alertPayload({ summary: HOSTILE_SUMMARY }, 1), SHOWN_SUMMARY],
    [
      'alert-confirm',
      {
        kind: 'alert-confirm',
        summary: HOSTILE_SUMMARY,
        frequency: 'daily',
        confirmUrl: `${BASE}/b?token=c`,
      },
      SHOWN_SUMMARY,
    ],
    [
      'alert-reminder',
      {
        kind: 'alert-reminder',
        summary: HOSTILE_SUMMARY,
        keepUrl: `${BASE}/k`,
        removeOn: '2027-02-01',
        ...links,
      },
      SHOWN_SUMMARY,
    ],
    [
      'verify-email',
      { kind: 'verify-email', name: HOSTILE_NAME, verifyUrl: `${BASE}/v?token=v` },
      SHOWN_NAME,
    ],
    [
      'reset-password',
      { kind: 'reset-password', name: HOSTILE_NAME, resetUrl: `${BASE}/r?token=r` },
      SHOWN_NAME,
    ],
    [
      'registration-attempt',
      {
        kind: 'registration-attempt',
        name: HOSTILE_NAME,
        loginUrl: `${BASE}/login`,
        forgotPasswordUrl: `${BASE}/glomt-losenord`,
      },
      SHOWN_NAME,
    ],
  ])('%s: on one line and never a link, in the HTML and the text part', async (_kind, payload, shown) => {
    const mail = renderMail(payload, { siteName: 'Jobbportalen' });
    expect(mail.text).toContain(shown);
    expect(visibleTextOf(mail.html)).toContain(shown);
    for (const part of [visibleTextOf(mail.html), mail.text, mail.subject])
      expect(part).not.toMatch(/evil\.se|www\.evil|:\/\/evil/);
    // The only links are ours: the anchors of the HTML, and what a client makes of either part's text.
    const anchors = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    const made = [...(await linksMadeOf(mail.text)), ...(await linksMadeOf(visibleTextOf(mail.html)))];
    for (const link of [...anchors, ...made]) expect(link.startsWith(BASE), link).toBe(true);
  });
});
