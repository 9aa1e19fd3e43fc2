import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { redactLogLine, redactLogText, redactLogValue } from './log-redaction.js';
import { loggerOptions } from './logger-options.js';

describe('redactLogText', () => {
  it.each([
    ['/aterstall-losenord?token=eyJzIjoi.c2lnbmF0dXJl', '/aterstall-losenord?token=[REDACTED]'],
    ['/api/alerts/unsubscribe?x=1&token=abc.def&y=2', '/api/alerts/unsubscribe?x=1&token=[REDACTED]&y=2'],
    [
      'Route GET:/api/alerts/manage?token=abc not found',
      'Route GET:/api/alerts/manage?token=[REDACTED] not found',
    ],
    // However the name is spelled: the server's query parser decodes it.
    ['/bevakning/hantera?tok%65n=abc', '/bevakning/hantera?tok%65n=[REDACTED]'],
    [
      '/x?TOKEN=abc&access_token=def&password=ghi&api_key=jkl',
      '/x?TOKEN=[REDACTED]&access_token=[REDACTED]&password=[REDACTED]&api_key=[REDACTED]',
    ],
  ])('redacts the secret parameters of %s', (text, redacted) => {
    expect(redactLogText(text)).toBe(redacted);
  });

  it.each([
    ['mail to anna.svensson@example.se failed', 'mail to a…@example.se failed'],
    ['<Anna.Svensson+jobb@example.se>: mailbox full', '<A…@example.se>: mailbox full'],
    ['/jobb?q=anna%40example.se&ort=Lund', '/jobb?q=a…@example.se&ort=Lund'],
    ['/jobb?q=Anna%2Bx%40Example.se', '/jobb?q=A…@Example.se'],
    ['/api/x/anna@example.se/y', '/api/x/a…@example.se/y'],
  ])('masks the addresses in %s', (text, masked) => {
    expect(redactLogText(text)).toBe(masked);
  });

  it.each(['/jobb?q=l%C3%A4rare&ort=Lund&sida=2', 'incoming request', '/api/jobs/123', 'rate=5 tokens'])(
    'leaves %s as it is',
    (text) => {
      expect(redactLogText(text)).toBe(text);
    },
  );
});

describe('redactLogValue', () => {
  it('redacts at any depth, a secret-named field whole, and bytes to their number', () => {
    expect(
      redactLogValue({
        token: 'abc.def',
        resetToken: 'ghi',
        tokenVersion: 3,
        headers: { authorization: 'Bearer eyJ', 'x-api-key': 'k' },
        nested: { list: ['b@example.se', { url: '/verifiera-epost?token=jkl' }] },
        'c@example.se': true,
        none: null,
        rawPacket: JSON.parse(JSON.stringify(Buffer.from('GET /?token=abc'))) as unknown,
      }),
    ).toEqual({
      token: '[REDACTED]',
      resetToken: '[REDACTED]',
      tokenVersion: 3,
      headers: { authorization: '[REDACTED]', 'x-api-key': '[REDACTED]' },
      nested: { list: ['b…@example.se', { url: '/verifiera-epost?token=[REDACTED]' }] },
      'c…@example.se': true,
      none: null,
      rawPacket: '[15 bytes]',
    });
  });
});

describe('redactLogLine', () => {
  it('gives back a line with nothing to redact as it is', () => {
    const line = '{"level":30,"msg":"request completed","res":{"statusCode":200}}\n';
    expect(redactLogLine(line)).toBe(line);
  });

  it('redacts a JSON line field by field and keeps it one JSON line', () => {
    const line = `${JSON.stringify({
      level: 30,
      reqId: 'req-1',
      req: { method: 'GET', url: '/bevakning/hantera?token=abc.def' },
      msg: 'queued for anna@example.se',
    })}\n`;
    const redacted = redactLogLine(line);
    expect(redacted.endsWith('}\n')).toBe(true);
    expect(JSON.parse(redacted)).toEqual({
      level: 30,
      reqId: 'req-1',
      req: { method: 'GET', url: '/bevakning/hantera?token=[REDACTED]' },
      msg: 'queued for a…@example.se',
    });
  });

  it('redacts a line that is not JSON as text', () => {
    expect(redactLogLine('GET /x?token=abc from anna@example.se\n')).toBe(
      'GET /x?token=[REDACTED] from a…@example.se\n',
    );
  });
});

describe('loggerOptions', () => {
  const isTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
  afterEach(() => {
    if (isTTY) Object.defineProperty(process.stdout, 'isTTY', isTTY);
    else delete (process.stdout as { isTTY?: boolean }).isTTY;
  });

  it.each([true, false])('redacts every line, on a terminal (%s) or not', (terminal) => {
    Object.defineProperty(process.stdout, 'isTTY', { value: terminal, configurable: true });
    const options = loggerOptions('info');
    expect(options.hooks?.streamWrite).toBe(redactLogLine);
    expect(options.transport !== undefined).toBe(terminal);
  });

  it('makes a pino logger whose every line is redacted, whoever writes it', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino(loggerOptions('info', stream), stream);
    const child = logger.child({ recipient: 'bo@example.se' });
    child.info(
      { link: 'https://jobb.example.se/verifiera-epost?token=Secret1' },
      'sent to %s',
      'cy@example.se',
    );
    child.error(new Error('SMTP 550 <dan@example.se>: no such user (/x?token=Secret2)'));
    const log = lines.join('');
    expect(log).not.toMatch(/Secret1|Secret2|bo@|cy@|dan@/);
    expect(log).toContain('b…@example.se');
    expect(log).toContain('sent to c…@example.se');
    expect(log).toContain('token=[REDACTED]');
  });
});
