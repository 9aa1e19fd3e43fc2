// Mails anyone can have sent to any address (a registration's verification, a resend, a reset
// link, an alert's confirmation, 'someone tried to register with your address'), end to end: the
// real routes queue them, the real mail sender delivers them to a real SMTP server, and what
// that server received is what is counted and read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildTestApp, type TestApp } from '@jobbportalen/test-support/app';
import {
  bearer,
  createUser,
  login,
  RELAXED_RATE_LIMITS,
  STRONG_PASSWORD,
  uniqueEmail,
} from '@jobbportalen/test-support/auth';
import { testDatabaseKinds } from '@jobbportalen/test-support/databases';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_REQUESTS_PER_ADDRESS_PER_HOUR } from '../config.js';
import { startMailSender, type MailSender } from './mail-sender.js';
import { createTestSmtpServer, type TestSmtpServer } from './smtp-test-server.test-helper.js';

const PUBLIC_URL = 'https://jobbportalen.test';
const quietLogger = { info() {}, warn() {}, error() {} };

const recipientsOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) =>
    (to?.value ?? []).map((entry) => entry.address?.toLowerCase() ?? ''),
  );

/** Every href of a piece of HTML. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);

/** The links a mail client's linkifier (linkify-it, as mailparser's textAsHtml runs it) makes of text. */
async function linksMadeOf(text: string): Promise<string[]> {
  const parsed = await simpleParser(`Content-Type: text/plain; charset=utf-8\r\n\r\n${text}`);
  return hrefsOf(parsed.textAsHtml ?? '');
}

describe.each(testDatabaseKinds())('mail sent on request, delivered over SMTP, on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let sender: MailSender;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await createTestSmtpServer();
    await smtp.listen();
    t = await buildTestApp(kind, {
      env: {
        ...RELAXED_RATE_LIMITS,
        PUBLIC_URL,
        SMTP_URL: smtp.url,
        ALERTS_SCHEDULER: 'false',
        RATE_LIMIT_MAIL_REQUESTS_PER_IP: '10000',
      },
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobbportalen-mail-on-request-'));
    sender = startMailSender({
      db: t.database.db,
      config: t.config,
      dataDir,
      logger: quietLogger,
      pollMs: 100,
    });
  });
  afterAll(async () => {
    await sender?.stop();
    await smtp?.close();
    await t?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const register = (email: string, name = 'Vera Victim') =>
    post('/api/auth/register', { name, email, password: STRONG_PASSWORD });
  const subscribe = (email: string, search: string) =>
    post('/api/alerts/subscribe', { email, query: { search }, alert: 'daily' });
  /** Delivers everything queued so far. */
  const deliver = async () => {
    sender.wake();
    await sender.idle();
  };
  const receivedBy = (addresses: string[]) => {
    const wanted = new Set(addresses.map((address) => address.toLowerCase()));
    return smtp.received.filter((mail) => recipientsOf(mail).some((to) => wanted.has(to)));
  };

  it(`an hour of attempts at one mailbox, by every route and spelling, delivers ${MAIL_REQUESTS_PER_ADDRESS_PER_HOUR} mails`, async () => {
    const local = `victim${randomBytes(4).toString('hex')}`;
    const victim = `${local}@gmail.com`;
    // One inbox: sub-addresses, and Gmail's dots, case and second domain.
    const spellings = [
      victim,
      `${local}+1@gmail.com`,
      `${local}+2@gmail.com`,
      `Vic.Tim${local.slice(6)}@googlemail.com`,
    ];
    const answers: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      // Register (again: the account was deleted last round), and ask for the verification again.
      answers.push((await register(victim)).statusCode);
      const token = await login(t, victim, STRONG_PASSWORD);
      answers.push((await post('/api/auth/resend-verification', undefined, bearer(token))).statusCode);
      for (const spelling of spellings) {
        answers.push((await post('/api/auth/forgot-password', { email: spelling })).statusCode);
        answers.push((await subscribe(spelling, `florist ${round} ${spelling}`)).statusCode);
        answers.push((await register(spelling, 'Mallory')).statusCode);
      }
      await deliver();
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/candidate/account',
        headers: bearer(token),
        payload: { password: STRONG_PASSWORD },
      });
      expect(deleted.statusCode).toBe(204);
    }
    await deliver();
    // The inbox got the hour's budget: the first registration's verification, its resend,
    // and the first reset link. Nothing after that, whichever route or spelling asked.
    const delivered = receivedBy(spellings);
    expect(delivered.map((mail) => mail.subject)).toEqual([
      'Bekräfta din e-postadress',
      'Bekräfta din e-postadress',
      'Återställ ditt lösenord',
    ]);
    expect(delivered).toHaveLength(MAIL_REQUESTS_PER_ADDRESS_PER_HOUR);
    // … and every request was answered as usual.
    expect(answers.filter((status) => status !== 201 && status !== 202)).toEqual([]);
  });

  it('a taken address is answered exactly as a new one; its owner is told by mail, with the account untouched', async () => {
    const owner = await createUser(t);
    const fresh = await register(uniqueEmail('ny'), 'Mallory');
    const taken = await register(owner.email.toUpperCase(), 'Mallory');
    expect(taken.statusCode).toBe(201);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.json()).toEqual({ message: 'Kontot har skapats. Du kan nu logga in.' });
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    await deliver();
    const [verification, attempt, ...more] = receivedBy([owner.email]);
    expect(more).toEqual([]);
    expect(verification?.subject).toBe('Bekräfta din e-postadress');
    expect(attempt?.subject).toBe('Någon försökte skapa ett konto med din e-postadress');
    const text = attempt?.text ?? '';
    // The owner's own name, not the stranger's; the way in, and the way back to a password.
    expect(text).toContain(`Hej ${owner.name}!`);
    expect(text).not.toContain('Mallory');
    expect(text).toContain('Du har redan ett konto hos oss');
    expect(text).toContain(`Logga in:\n${PUBLIC_URL}/login`);
    expect(text).toContain(`Glömt lösenord?\n${PUBLIC_URL}/glomt-losenord`);
    expect(hrefsOf(String(attempt?.html))).toEqual([`${PUBLIC_URL}/login`, `${PUBLIC_URL}/glomt-losenord`]);
    // Nothing of the stranger's registration was kept.
    await login(t, owner.email, owner.password);
    const rows = await t.database.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', owner.email)
      .execute();
    expect(rows).toEqual([{ name: owner.name }]);
  });

  it('an address that routes elsewhere (sub%evil.se@…, a bang path) is refused with 400 by every route that mails', async () => {
    const before = smtp.received.length;
    for (const email of ['sub%evil.se@example.com', 'evil.se!sub@example.com']) {
      for (const response of [
        await register(email),
        await post('/api/auth/forgot-password', { email }),
        await subscribe(email, 'florist'),
      ]) {
        expect(response.statusCode, `${email} ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'Ange en giltig e-postadress.',
        });
      }
    }
    await deliver();
    expect(
      smtp.received
        .slice(before)
        .flatMap(recipientsOf)
        .filter((to) => to.includes('evil')),
    ).toEqual([]);
  });

  it('a stored name and a search with links and line breaks arrive on one line and as no link, in both parts', async () => {
    const user = await createUser(t);
    // A name stored before names had to be one line; the search text is any 200 characters.
    await t.database.db
      .updateTable('users')
      .set({ name: 'Anna\r\nKlicka här: http://evil.se/x\nwww.evil.se' })
      .where('id', '=', user.id)
      .execute();
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(202);
    const visitor = uniqueEmail('besokare');
    expect((await subscribe(visitor, 'lärare\nhttps://evil.se/logga-in\r\nwww.evil.se')).statusCode).toBe(
      202,
    );
    await deliver();

    const [reset] = receivedBy([user.email]).filter((mail) => mail.subject === 'Återställ ditt lösenord');
    const [confirm] = receivedBy([visitor]);
    expect(reset?.text).toContain('Hej Anna Klicka här: http:∕∕evil․se/x www․evil․se!\n');
    const confirmLine = confirm?.text?.split('\n').find((line) => line.startsWith('Du har bett om'));
    expect(confirmLine).toContain('lärare https:∕∕evil․se/logga-in www․evil․se');
    for (const mail of [reset!, confirm!]) {
      const html = String(mail.html);
      const visible = html.replace(/<[^>]*>/g, ' ');
      for (const part of [mail.text ?? '', visible, mail.subject ?? ''])
        expect(part).not.toMatch(/evil\.se|www\.evil|:\/\/evil/);
      // The only links, those of the HTML and those a client makes of either part's text, are ours.
      const links = [
        ...hrefsOf(html),
        ...(await linksMadeOf(mail.text ?? '')),
        ...(await linksMadeOf(visible)),
      ];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(PUBLIC_URL), link).toBe(true);
    }
  });
});
