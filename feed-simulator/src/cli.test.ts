import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { MAX_ADS, parseSimulatorArgs, runSimulatorCli } from './cli.js';
import type { FeedSimulator } from './simulator-server.js';

describe('parseSimulatorArgs', () => {
  it('has working defaults', () => {
    expect(parseSimulatorArgs([])).toEqual({
      help: false,
      quiet: false,
      options: {
        port: 4010,
        host: '127.0.0.1',
        ads: 50_000,
        seed: 1,
        changeRatePerSecond: 1,
        speed: 1,
        faults: {},
      },
    });
  });

  it('reads corpus, clock and fault flags', () => {
    const request = parseSimulatorArgs(
      '--port 0 --ads 1200 --seed 9 --change-rate 0.5 --speed 60 --start 2025-03-01T08:00:00 --fault-429 2 --retry-after 5 --fault-500 1 --delay 250 --truncate-bytes 4096 --malformed-rate 0.1 --fault-invalid-json 3 --quiet'.split(
        ' ',
      ),
    );
    if (request.help) throw new Error('expected options');
    expect(request.quiet).toBe(true);
    expect(request.options).toMatchObject({
      port: 0,
      ads: 1200,
      seed: 9,
      changeRatePerSecond: 0.5,
      speed: 60,
      startTime: Date.UTC(2025, 2, 1, 7),
    });
    expect(request.options.faults).toEqual({
      rateLimitNext: 2,
      retryAfterSeconds: 5,
      serverErrorNext: 1,
      delayMs: 250,
      truncateAfterBytes: 4096,
      truncateSnapshotNext: 1,
      malformedRate: 0.1,
      invalidJsonNext: 3,
    });
  });

  it('rejects bad values, all of them at once, and more than the maximum corpus', () => {
    expect(() => parseSimulatorArgs(['--ads', String(MAX_ADS + 1), '--speed=-2'])).toThrow(/--ads.*--speed/s);
    expect(() => parseSimulatorArgs(['--unknown'])).toThrow();
  });
});

describe('runSimulatorCli', () => {
  it('prints the URL, serves, and stops cleanly on SIGTERM', async () => {
    const printed: string[] = [];
    const signals = new EventEmitter();
    let started: FeedSimulator | undefined;
    const running = runSimulatorCli(
      ['--port', '0', '--ads', '20', '--speed', '0'],
      { print: (line) => printed.push(line), signals },
      (simulator) => (started = simulator),
    );
    await expect.poll(() => started).toBeDefined();
    expect(printed[0]).toContain(started!.url);
    expect((await fetch(`${started!.url}/health`)).status).toBe(200);
    signals.emit('SIGTERM');
    await running;
    expect(printed.at(-1)).toMatch(/SIGTERM/);
    await expect(fetch(`${started!.url}/health`)).rejects.toThrow();
  });
});
