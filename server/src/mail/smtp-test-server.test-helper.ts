import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '@jobbportalen/test-support/free-port';

/** An SMTP answer the test server gives a recipient instead of accepting it. */
export interface SmtpRejection {
  responseCode: number;
  message: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> — valid before the server listens (to test "SMTP down"). */
  url: string;
  port: number;
  /** Every mail accepted, parsed, in the order it arrived. */
  received: ParsedMail[];
  /** Raw messages as they arrived, for header checks mailparser normalises. */
  raw: string[];
  /** Answer RCPT TO for this address with an error (null: accept again). */
  reject(recipient: string, rejection: SmtpRejection | null): void;
  listen(): Promise<void>;
  close(): Promise<void>;
  /** Resolves once `count` mails have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) on a port of its own, not yet listening: call
 * listen(). No TLS and no authentication, as a local relay would be.
 */
export async function createTestSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ParsedMail[] = [];
  const raw: string[] = [];
  const rejections = new Map<string, SmtpRejection>();
  let server: SMTPServer | undefined;

  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const rejection = rejections.get(address.address.toLowerCase());
        if (!rejection) return callback();
        callback(Object.assign(new Error(rejection.message), { responseCode: rejection.responseCode }));
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const message = Buffer.concat(chunks);
          raw.push(message.toString('utf8'));
          simpleParser(message).then(
            (mail) => {
              received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    raw,
    reject(recipient, rejection) {
      if (rejection) rejections.set(recipient.toLowerCase(), rejection);
      else rejections.delete(recipient.toLowerCase());
    },
    async listen() {
      server = makeServer();
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async close() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} mails within ${timeoutMs} ms, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
