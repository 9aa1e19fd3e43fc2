import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serialize } from 'pg-protocol';

type BindOptions = Parameters<typeof serialize.bind>[0];
type ParseOptions = Parameters<typeof serialize.parse>[0];
type ExecuteOptions = Parameters<typeof serialize.execute>[0];
type PortalOptions = Parameters<typeof serialize.describe>[0];

/**
 * The one line to a PGlite: requests from every client that ever uses it run one after another,
 * in the order they were sent (a client the pool let go may still have one in flight when the
 * next client sends its first).
 */
class PgliteLine {
  private last: Promise<unknown>;

  constructor(readonly pglite: PGlite) {
    this.last = pglite.waitReady;
  }

  /** Runs `task` after everything sent before it, whatever became of that. */
  then(task: () => Promise<void> | void): void {
    const next = this.last.then(task);
    this.last = next.catch(() => undefined);
  }
}

/**
 * What node-postgres talks to in place of a socket when the server is a PGlite in this process:
 * each protocol message goes to PGlite as it is written, and PGlite's replies come back as the
 * events node-postgres expects of its connection.
 *
 * PGlite has an adapter of its own (`@electric-sql/pglite/node-postgres`); we do not use it for
 * two reasons. It writes messages with its own port of the protocol writer, which measures every
 * string parameter character by character, twice: for a batch of 500 ads that took 120–200 ms
 * against 15–20 ms for node-postgres's writer (pg-protocol, used here), and was the largest single
 * cost of importing a snapshot into PGlite. And it hands every client of a pool the same
 * connection object: the "end" of a client the pool drops (as pg-pool does after a failed
 * `pool.query`, or when a client idles) then reached the next client, which failed with
 * "Connection terminated unexpectedly". Here every client has a connection of its own.
 */
class PgliteConnection extends EventEmitter {
  // node-postgres reads and sets these on its connection.
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, unknown> = {};

  // Every reply is also emitted as 'message' once someone listens for those (pg's notices do).
  private emitsMessages = false;
  private ended = false;

  constructor(private readonly line: PgliteLine) {
    super();
    this.on('newListener', (event) => {
      if (event === 'message') this.emitsMessages = true;
    });
  }

  private send(message: Uint8Array): void {
    this.line.then(async () => {
      if (this.ended) return;
      try {
        const replies = await this.line.pglite.execProtocolStream(message, { throwOnError: false });
        for (const reply of replies) {
          if (this.emitsMessages) this.emit('message', reply);
          this.emit(reply.name === 'error' ? 'errorMessage' : reply.name, reply);
        }
      } catch (error) {
        this.emit('error', error);
      }
    });
  }

  // No server to reach or log in to: once PGlite is ready, so is the connection.
  connect(): void {
    this._connecting = true;
    this.line.then(() => {
      this.emit('readyForQuery');
    });
  }
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  sendSASLInitialResponseMessage(mechanism: string, initialResponse: string): void {
    this.send(serialize.sendSASLInitialResponseMessage(mechanism, initialResponse));
  }
  sendSCRAMClientFinalMessage(additionalData: string): void {
    this.send(serialize.sendSCRAMClientFinalMessage(additionalData));
  }

  query(text: string): void {
    this.send(serialize.query(text));
  }
  parse(query: ParseOptions): void {
    this.send(serialize.parse(query));
  }
  bind(config: BindOptions): void {
    this.send(serialize.bind(config));
  }
  execute(config: ExecuteOptions): void {
    this.send(serialize.execute(config));
  }
  describe(message: PortalOptions): void {
    this.send(serialize.describe(message));
  }
  close(message: PortalOptions): void {
    this.send(serialize.close(message));
  }
  flush(): void {
    this.send(serialize.flush());
  }
  sync(): void {
    this.send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.send(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.send(serialize.copyFail(message));
  }

  /**
   * Like a socket closing: what was sent before still runs, then 'end' (pg's Client.end() waits
   * for it; it starts listening only after calling this). PGlite itself stays open: the database
   * handle owns it.
   */
  end(): void {
    this.line.then(() => {
      this.ended = true;
      this.emit('end');
    });
  }
  ref(): void {}
  unref(): void {}
}

/**
 * node-postgres settings for a pool of one client at a time on `pglite` (PGlite is a single
 * connection), each client with its own PgliteConnection.
 */
export function pglitePoolConfig(pglite: PGlite): pg.PoolConfig {
  const line = new PgliteLine(pglite);
  class PgliteClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new PgliteConnection(line) } as pg.ClientConfig);
    }
  }
  return {
    Client: PgliteClient,
    // Required by node-postgres, meaningless for PGlite.
    user: 'postgres',
    database: 'postgres',
    password: 'unused',
    max: 1,
  };
}
