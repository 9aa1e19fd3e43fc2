import { describe, expect, it } from 'vitest';
import { alertPayload, BASE } from './mail-fixtures.test-helper.js';
import type { MailPayload } from './mail-kinds.js';
import { extraHeaders, hostOf, maskAddress, messageIdFor, withoutAddresses } from './mail-message.js';
import { MailRenderError } from './mail-render-error.js';
import { renderMail } from './render-mail.js';

const site = { siteName: 'Jobbportalen' };

describe('renderMail', () => {
  it('writes an alert: subject, every ad linked, deadline, more, show all and why it came', () => {
    const mail = renderMail(alertPayload({ moreCount: 4 }, 3), site);
    expect(mail.subject).toBe('7 nya jobb för ”lärare” i Göteborg');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Lärare i matematik 3');
      expect(part).toContain('Göteborgs Stad · Göteborg');
      expect(part).toContain('Sista ansökningsdag 2026-12-01');
      expect(part).toContain('och 4 till');
      expect(part).toContain('Visa alla i Jobbportalen');
      expect(part).toContain('Du får det här e-postmeddelandet eftersom du bevakar ”lärare” (Dagligen).');
      expect(part).toContain('Ändra hur ofta');
      expect(part).toContain('Avsluta bevakningen');
    }
    expect(mail.html).toContain(`href="${BASE}/jobb/ad-3"`);
    expect(mail.html).toContain(`href="${BASE}/jobb?search=l%C3%A4rare&amp;city=G%C3%B6teborg"`);
    expect(mail.html).toContain(`href="${BASE}/bevakning/hantera?token=manage-token"`);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('lang="sv"');
    // The text part puts each link on a line of its own.
    expect(mail.text).toContain(
      `Lärare i matematik 1\nGöteborgs Stad · Göteborg\nSista ansökningsdag 2026-12-01\n${BASE}/jobb/ad-1`,
    );
    expect(mail.text).toContain(`Avsluta bevakningen: ${BASE}/bevakning/hantera?token=manage-token`);
  });

  it('says "1 nytt jobb" for one, leaves out what is missing, and names the site for a search without criteria', () => {
    const one = alertPayload({ summary: 'Alla jobb', name: 'Alla jobb', frequency: 'weekly' }, 1);
    one.ads[0] = { ...one.ads[0]!, company: null, location: null, lastDate: null };
    const mail = renderMail(one, site);
    expect(mail.subject).toBe('1 nytt jobb på Jobbportalen');
    expect(mail.text).not.toContain('och ');
    expect(mail.text).not.toContain('Sista ansökningsdag');
    expect(mail.text).not.toContain(' · ');
    expect(mail.text).toContain('(Varje vecka)');
  });

  it('escapes hostile values in the HTML and keeps them as they are in the text', () => {
    const hostile = alertPayload(
      { name: 'x"><script>alert(1)</script>', summary: '”$&” $1 \'quoted\' "double"' },
      1,
    );
    hostile.ads[0] = {
      ...hostile.ads[0]!,
      title: '<script>alert("jobb")</script> $& $` $\'',
      company: '<img src=x onerror=alert(1)>',
    };
    const mail = renderMail(hostile, site);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;jobb&quot;)&lt;/script&gt; $&amp; $` $&#x27;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('x&quot;&gt;&lt;script&gt;');
    // No replacement pattern was expanded anywhere.
    expect(mail.text).toContain('<script>alert("jobb")</script> $& $` $\'');
    expect(mail.subject).toBe('1 nytt jobb för ”$&” $1 \'quoted\' "double"');
  });

  it('keeps line breaks out of the subject', () => {
    const mail = renderMail(alertPayload({ summary: '”a\r\nBcc: x@example.se”' }, 1), site);
    expect(mail.subject).toBe('1 nytt jobb för ”a Bcc: x@example\u2024se”');
  });

  it('refuses links that are not http(s)', () => {
    const bad = alertPayload({}, 1);
    bad.ads[0] = { ...bad.ads[0]!, url: 'javascript:alert(1)' };
    expect(() => renderMail(bad, site)).toThrow(MailRenderError);
    expect(() =>
      renderMail({ kind: 'verify-email', name: 'A', verifyUrl: 'data:text/html,hi' }, site),
    ).toThrow(MailRenderError);
    expect(() => renderMail({ kind: 'nonsense' } as unknown as MailPayload, site)).toThrow(MailRenderError);
  });

  it.each<[MailPayload, string, string[]]>([
    [
      {
        kind: 'alert-confirm',
        summary: '”lärare” i Göteborg',
        frequency: 'instant',
        confirmUrl: `${BASE}/bevakning/bekrafta?token=c`,
      },
      'Bekräfta din bevakning',
      [
        'Du har bett om att få e-post om nya jobb för ”lärare” i Göteborg (Direkt).',
        'Bekräfta bevakningen',
        'Vi skickar ingenting förrän du har bekräftat. Bekräftar du inte inom 7 dagar tas bevakningen bort.',
        `${BASE}/bevakning/bekrafta?token=c`,
      ],
    ],
    [
      {
        kind: 'alert-reminder',
        summary: 'Data/IT',
        keepUrl: `${BASE}/bevakning/hantera?token=keep`,
        removeOn: '2027-02-01',
        searchUrl: `${BASE}/jobb`,
        manageUrl: `${BASE}/bevakning/hantera?token=m`,
        oneClickUnsubscribeUrl: `${BASE}/api/alerts/unsubscribe?token=m`,
      },
      'Vill du behålla din bevakning?',
      [
        'Vi har inte sett att du har använt din bevakning av ”Data/IT” på ett år.',
        'Den tas bort 2027-02-01',
        'Behåll bevakningen',
        'Avsluta bevakningen',
        `${BASE}/bevakning/hantera?token=keep`,
      ],
    ],
    [
      { kind: 'verify-email', name: 'Anna', verifyUrl: `${BASE}/verifiera-epost?token=v` },
      'Bekräfta din e-postadress',
      ['Hej Anna!', 'Bekräfta e-postadressen', `${BASE}/verifiera-epost?token=v`],
    ],
    [
      { kind: 'reset-password', name: '', resetUrl: `${BASE}/aterstall-losenord?token=r` },
      'Återställ ditt lösenord',
      [
        'Hej!',
        'Välj ett nytt lösenord',
        'Länken gäller i en timme och kan bara användas en gång.',
        'Om du inte bad om det kan du strunta i det här e-postmeddelandet.',
        `${BASE}/aterstall-losenord?token=r`,
      ],
    ],
    [
      {
        kind: 'registration-attempt',
        name: 'Anna',
        loginUrl: `${BASE}/login`,
        forgotPasswordUrl: `${BASE}/glomt-losenord`,
      },
      'Någon försökte skapa ett konto med din e-postadress',
      [
        'Hej Anna!',
        'Någon har just försökt skapa ett nytt konto hos Jobbportalen med den här e-postadressen.',
        'Var det du? Logga in som vanligt, eller välj ett nytt lösenord om du har glömt det.',
        'Logga in',
        'Glömt lösenord?',
        'Var det inte du behöver du inte göra något. Du kan strunta i det här e-postmeddelandet.',
        `${BASE}/login`,
        `${BASE}/glomt-losenord`,
      ],
    ],
  ])('writes %s.kind in Swedish, in both parts', (payload, subject, phrases) => {
    const mail = renderMail(payload, site);
    expect(mail.subject).toBe(subject);
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase.replace(/&/g, '&amp;'));
    }
  });
});

describe('mail headers', () => {
  it('derives a stable Message-ID from the idempotency key and the From host', () => {
    const id = messageIdFor('alert:1:2026-01-15', 'Jobbportalen <no-reply@Jobbportalen.se>');
    expect(id).toMatch(/^<[0-9a-f]{64}@jobbportalen\.se>$/);
    expect(messageIdFor('alert:1:2026-01-15', 'no-reply@jobbportalen.se')).toBe(id);
    expect(messageIdFor('alert:1:2026-01-16', 'no-reply@jobbportalen.se')).not.toBe(id);
    expect(hostOf('nobody')).toBe('localhost');
  });

  it('offers one-click unsubscribe on alert mails only', () => {
    expect(extraHeaders(alertPayload())).toEqual({
      'Auto-Submitted': 'auto-generated',
      'List-Unsubscribe': `<${BASE}/api/alerts/unsubscribe?token=manage-token>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(extraHeaders({ kind: 'verify-email', name: 'A', verifyUrl: `${BASE}/v` })).toEqual({
      'Auto-Submitted': 'auto-generated',
    });
  });

  it('masks addresses for the log', () => {
    expect(maskAddress('anna.svensson@example.se')).toBe('a…@example.se');
    expect(withoutAddresses('550 5.1.1 <anna.svensson@example.se>: no such user')).toBe(
      '550 5.1.1 <a…@example.se>: no such user',
    );
  });
});
