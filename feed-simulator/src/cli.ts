import type { EventEmitter } from 'node:events';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FeedFaults } from './feed-faults.js';
import { startFeedSimulator, type FeedSimulator, type FeedSimulatorOptions } from './simulator-server.js';
import { formatStockholm, parseStockholm } from './stockholm-clock.js';

export const MAX_ADS = 500_000;

export const USAGE = `Usage: feed-simulator [options]
  --port <n>                 port, 0 = any free port (default 4010)
  --host <addr>              interface to listen on (default 127.0.0.1)
  --ads <n>                  live ads at start, up to ${MAX_ADS} (default 50000)
  --seed <n>                 corpus seed (default 1)
  --change-rate <n>          changes per simulated second (default 1)
  --speed <x>                simulated seconds per real second, 0 = frozen (default 1)
  --start <time>             simulated start time, e.g. 2025-03-01T08:00:00 (default now)
  --fault-429 <k>            answer 429 to the next k feed requests
  --retry-after <s>          Retry-After seconds sent with 429 (default 60)
  --fault-500 <k>            answer 500 to the next k feed requests
  --delay <ms>               delay every feed response
  --fault-truncate <k>       cut the next k snapshots off mid-body
  --truncate-bytes <n>       where to cut them (default 65536)
  --malformed-rate <r>       fraction 0–1 of records replaced by malformed ones
  --fault-invalid-json <k>   break the JSON of the next k feed responses
  --quiet                    do not log requests
Faults can also be changed while running: POST /__simulator/faults with a JSON object,
e.g. {"rateLimitNext": 2} or {"clear": true}; POST /__simulator/advance?ms=60000 moves the clock.`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  ads: { type: 'string' },
  seed: { type: 'string' },
  'change-rate': { type: 'string' },
  speed: { type: 'string' },
  start: { type: 'string' },
  'fault-429': { type: 'string' },
  'retry-after': { type: 'string' },
  'fault-500': { type: 'string' },
  delay: { type: 'string' },
  'fault-truncate': { type: 'string' },
  'truncate-bytes': { type: 'string' },
  'malformed-rate': { type: 'string' },
  'fault-invalid-json': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export type CliRequest = { help: true } | { help: false; options: FeedSimulatorOptions; quiet: boolean };

/** Turns command-line arguments into simulator options; throws one error naming every bad flag. */
export function parseSimulatorArgs(argv: string[]): CliRequest {
  const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true });
  if (values.help) return { help: true };
  const problems: string[] = [];
  const number = (
    flag: keyof typeof OPTIONS,
    fallback: number | undefined,
    check: (n: number) => boolean,
  ) => {
    const raw = values[flag];
    if (raw === undefined || typeof raw === 'boolean') return fallback;
    const parsed = Number(raw);
    if (raw.trim() === '' || !check(parsed)) {
      problems.push(`--${flag} ${raw} is not valid`);
      return fallback;
    }
    return parsed;
  };
  const count = (n: number) => Number.isInteger(n) && n >= 0;
  const options: FeedSimulatorOptions = {
    port: number('port', 4010, (n) => count(n) && n < 65_536),
    host: values.host ?? '127.0.0.1',
    ads: number('ads', 50_000, (n) => count(n) && n <= MAX_ADS),
    seed: number('seed', 1, count),
    changeRatePerSecond: number('change-rate', 1, (n) => n >= 0 && Number.isFinite(n)),
    speed: number('speed', 1, (n) => n >= 0 && Number.isFinite(n)),
  };
  if (values.start !== undefined) {
    const start = parseStockholm(values.start);
    if (start === null) problems.push(`--start ${values.start} is not a time`);
    else options.startTime = start;
  }
  const faults: Partial<FeedFaults> = {};
  const fault = (
    flag: keyof typeof OPTIONS,
    key: keyof FeedFaults,
    check: (n: number) => boolean = count,
  ) => {
    const value = number(flag, undefined, check);
    if (value !== undefined) faults[key] = value;
  };
  fault('fault-429', 'rateLimitNext');
  fault('retry-after', 'retryAfterSeconds');
  fault('fault-500', 'serverErrorNext');
  fault('delay', 'delayMs');
  fault('fault-truncate', 'truncateSnapshotNext');
  fault('truncate-bytes', 'truncateAfterBytes');
  fault('malformed-rate', 'malformedRate', (n) => n >= 0 && n <= 1);
  fault('fault-invalid-json', 'invalidJsonNext');
  if (faults.truncateAfterBytes !== undefined && faults.truncateSnapshotNext === undefined)
    faults.truncateSnapshotNext = 1;
  if (problems.length > 0) throw new Error(`${problems.join('; ')}\n\n${USAGE}`);
  return { help: false, options: { ...options, faults }, quiet: values.quiet ?? false };
}

export interface CliEnvironment {
  print: (line: string) => void;
  /** Emits 'SIGINT' / 'SIGTERM'; process in real use. */
  signals: EventEmitter;
}

/** Starts the simulator and resolves with it stopped, after the first SIGINT or SIGTERM. */
export async function runSimulatorCli(
  argv: string[],
  environment: CliEnvironment,
  onStarted?: (simulator: FeedSimulator) => void,
): Promise<void> {
  const request = parseSimulatorArgs(argv);
  if (request.help) {
    environment.print(USAGE);
    return;
  }
  const simulator = await startFeedSimulator({
    ...request.options,
    log: request.quiet ? undefined : (line) => environment.print(line),
  });
  const corpus = simulator.describe();
  environment.print(`JobStream simulator listening on ${simulator.url}`);
  environment.print(
    `  ${corpus.notRemoved} ads, seed ${request.options.seed}, ${request.options.changeRatePerSecond} changes/s, ` +
      `speed ${request.options.speed}, simulated time ${formatStockholm(simulator.now())} (Stockholm)`,
  );
  environment.print(
    `  GET ${simulator.url}/snapshot   GET ${simulator.url}/stream?date=${formatStockholm(simulator.now())}`,
  );
  environment.print(
    `  GET ${simulator.url}/v2/snapshot   GET ${simulator.url}/v2/stream?updated-after=…   GET /health`,
  );
  onStarted?.(simulator);
  await new Promise<void>((resolve) => {
    const onInterrupt = () => stop('SIGINT');
    const onTerminate = () => stop('SIGTERM');
    const stop = (signal: string) => {
      environment.signals.off('SIGINT', onInterrupt);
      environment.signals.off('SIGTERM', onTerminate);
      environment.print(`${signal}: stopping the simulator`);
      simulator.close().then(resolve, resolve);
    };
    environment.signals.on('SIGINT', onInterrupt);
    environment.signals.on('SIGTERM', onTerminate);
  });
}

function startedAsScript(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (startedAsScript()) {
  runSimulatorCli(process.argv.slice(2), { print: (line) => console.log(line), signals: process }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
