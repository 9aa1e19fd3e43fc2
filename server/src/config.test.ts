import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.siteName).toBe('Jobbportalen');
    expect(config.meiliIndex).toBe('jobs');
    expect(config.feedApiVersion).toBe('v1');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reports every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        MEILI_URL: 'not a url',
        FEED_API_VERSION: 'v3',
        ADMIN_EMAIL: 'admin@example.se',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(8);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL must be/);
    expect(problems.join('\n')).toMatch(/JWT_SECRET is required/);
    expect(problems.join('\n')).toMatch(/PUBLIC_URL is required/);
    expect(problems.join('\n')).toMatch(/MEILI_URL/);
    expect(problems.join('\n')).toMatch(/FEED_API_VERSION/);
    expect(problems.join('\n')).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });

  it.each(['12345678', 'password', 'jobbportalen1', 'admin@example.se'])(
    'refuses an ADMIN_PASSWORD that is easy to guess: %j',
    (password) => {
      expect(() => loadConfig({ ADMIN_EMAIL: 'admin@example.se', ADMIN_PASSWORD: password })).toThrow(
        ConfigError,
      );
    },
  );

  it('requires a long JWT secret in production and has no default for it', () => {
    const production = { DATABASE_URL: 'postgres://db/app', PUBLIC_URL: 'https://jobb.example.se' };
    expect(() => loadConfig(production)).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ ...production, JWT_SECRET: 'short' })).toThrow(/at least 32/);
    const config = loadConfig({ ...production, JWT_SECRET: 'x'.repeat(40) });
    expect(config.jwtSecret).toBe('x'.repeat(40));
  });

  it('requires PUBLIC_URL in production, so no link is ever built from a request Host header', () => {
    const production = { DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL is required when DATABASE_URL is set/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: '  ' })).toThrow(/PUBLIC_URL is required/);
    const config = loadConfig({ ...production, PUBLIC_URL: 'https://jobb.example.se/' });
    expect(config.publicUrl).toBe('https://jobb.example.se');
    // The embedded default still starts without it.
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it('accepts as PUBLIC_URL only a base that paths can be appended to', () => {
    for (const bad of [
      'ftp://jobb.example.se',
      'jobb.example.se',
      'https://user:pw@jobb.example.se',
      'https://jobb.example.se/?a=1',
      'https://jobb.example.se/#top',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://example.se/portal/' }).publicUrl).toBe(
      'https://example.se/portal',
    );
  });

  it('normalises values', () => {
    const config = loadConfig({
      MEILI_URL: 'http://meili:7700/',
      ADMIN_EMAIL: 'Admin@Example.SE',
      ADMIN_PASSWORD: 'Kanelbulle-Ångbåt-47',
    });
    expect(config.meiliUrl).toBe('http://meili:7700/');
    expect(config.adminEmail).toBe('admin@example.se');
  });

  it('takes Meilisearch replicas from MEILI_URLS, and refuses them beside MEILI_URL', () => {
    const config = loadConfig({
      MEILI_URLS: ' http://meili-1:7700 , http://meili-2:7700/ ',
      MEILI_MASTER_KEY: 'nyckel',
    });
    expect(config.meiliUrls).toEqual(['http://meili-1:7700', 'http://meili-2:7700/']);
    expect(config.meiliUrl).toBeUndefined();
    expect(loadConfig({}).meiliUrls).toEqual([]);
    expect(loadConfig({}).meiliReplicaMaxBacklog).toBe(100_000);
    expect(loadConfig({}).searchCacheMs).toBe(5_000);
    expect(loadConfig({ SEARCH_CACHE_MS: '0' }).searchCacheMs).toBe(0);
    expect(loadConfig({ SEARCH_CACHE_ENTRIES: '50' }).searchCacheEntries).toBe(50);
    expect(loadConfig({}).searchPageCacheMs).toBe(60_000);
    expect(loadConfig({ SEARCH_PAGE_CACHE_MS: '2000' }).searchPageCacheMs).toBe(2000);
    // Off with the question cache: a test that changes the index behind the indexer's back.
    expect(loadConfig({ SEARCH_CACHE_MS: '0', SEARCH_PAGE_CACHE_MS: '2000' }).searchPageCacheMs).toBe(0);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ MEILI_URL: 'http://a:7700', MEILI_URLS: 'http://b:7700' })).toContain(
      'Set MEILI_URL or MEILI_URLS, not both',
    );
    expect(problems({ MEILI_URLS: 'http://b:7700,ftp://c' })).toContain('MEILI_URLS');
    expect(problems({ MEILI_REPLICA_MAX_BACKLOG: '0' })).toContain('MEILI_REPLICA_MAX_BACKLOG');
    expect(problems({ SEARCH_CACHE_MS: 'soon' })).toContain('SEARCH_CACHE_MS');
  });
});

describe('configuration of CV matching', () => {
  it('defaults to a 256 MB budget shared by all readings and a 128 MB heap per reader', () => {
    expect(loadConfig({}).match).toMatchObject({
      ratePerMinute: 10,
      extractionTimeoutMs: 10_000,
      extractionMemoryMb: 256,
      extractionHeapMb: 128,
      embeddings: null,
    });
  });

  it('takes both from the environment', () => {
    const config = loadConfig({ MATCH_EXTRACTION_MEMORY_MB: '512', MATCH_EXTRACTION_HEAP_MB: '192' });
    expect(config.match).toMatchObject({ extractionMemoryMb: 512, extractionHeapMb: 192 });
  });

  it('reports a heap too small for the parsers, and a budget smaller than one reader', () => {
    expect(() => loadConfig({ MATCH_EXTRACTION_HEAP_MB: '16' })).toThrow(
      /MATCH_EXTRACTION_HEAP_MB must be at least 32/,
    );
    expect(() => loadConfig({ MATCH_EXTRACTION_MEMORY_MB: '64', MATCH_EXTRACTION_HEAP_MB: '128' })).toThrow(
      /MATCH_EXTRACTION_MEMORY_MB must be at least MATCH_EXTRACTION_HEAP_MB/,
    );
    expect(() => loadConfig({ MATCH_EXTRACTION_MEMORY_MB: 'lots' })).toThrow(
      /MATCH_EXTRACTION_MEMORY_MB must be a whole number/,
    );
  });

  it('reports its problems together with the rest of the configuration', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'abc', MATCH_RATE_LIMIT_PER_IP: '0', EMBEDDINGS_URL: 'http://127.0.0.1:1/v1' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'PORT must be a port number (0–65535), got "abc"',
      'MATCH_RATE_LIMIT_PER_IP must be a whole number ≥ 1',
      'EMBEDDINGS_URL and EMBEDDINGS_MODEL must be set together',
    ]);
  });

  it('turns semantic matching on only with an http(s) endpoint and a model', () => {
    expect(() => loadConfig({ EMBEDDINGS_URL: 'ftp://x', EMBEDDINGS_MODEL: 'm' })).toThrow(
      /EMBEDDINGS_URL must be an http\(s\) URL/,
    );
    const config = loadConfig({
      EMBEDDINGS_URL: ' http://127.0.0.1:11434/v1/embeddings ',
      EMBEDDINGS_MODEL: 'm',
    });
    expect(config.match.embeddings).toEqual({
      url: 'http://127.0.0.1:11434/v1/embeddings',
      model: 'm',
      apiKey: undefined,
      embedder: 'default',
    });
    expect(Object.isFrozen(config.match)).toBe(true);
  });
});

describe('configuration of mail and alerts', () => {
  it('keeps mail as files and sends daily alerts at 07:00 when nothing is set', () => {
    const config = loadConfig({});
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.from).toBe('Jobbportalen <no-reply@jobbportalen.se>');
    expect(config.mail.maxPerHour).toBe(20_000);
    expect(config.alerts).toEqual({ dailyAt: '07:00', schedulerEnabled: true });
  });

  it('takes the sender address from PUBLIC_URL unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://jobb.example.se' }).mail.from).toBe(
      'Jobbportalen <no-reply@jobb.example.se>',
    );
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.se:465',
      MAIL_FROM: 'Jobb <jobb@example.se>',
      MAIL_MAX_PER_HOUR: '500',
      ALERTS_DAILY_AT: '06:30',
      ALERTS_SCHEDULER: 'false',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.se:465',
      from: 'Jobb <jobb@example.se>',
      maxPerHour: 500,
    });
    expect(config.alerts).toEqual({ dailyAt: '06:30', schedulerEnabled: false });
  });

  it('reports unusable mail and alert settings together', () => {
    let caught: unknown;
    try {
      loadConfig({
        SMTP_URL: 'http://mail.example.se',
        MAIL_FROM: 'nobody',
        MAIL_MAX_PER_HOUR: '0',
        ALERTS_DAILY_AT: '7',
        ALERTS_SCHEDULER: 'maybe',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'MAIL_MAX_PER_HOUR', 'ALERTS_DAILY_AT', 'ALERTS_SCHEDULER'])
      expect(problems).toContain(name);
  });
});

describe('configuration of metrics', () => {
  const token = 'a-metrics-token-of-32-characters-0123';

  it('serves no metrics when nothing is set', () => {
    const config = loadConfig({});
    expect(config.metricsToken).toBeUndefined();
    expect(config.metricsPort).toBeUndefined();
    expect(config.indexerMetricsUrl).toBeUndefined();
  });

  it('takes the token, the indexer’s port and the indexer’s address', () => {
    const config = loadConfig({
      METRICS_TOKEN: token,
      METRICS_PORT: '9464',
      INDEXER_METRICS_URL: 'http://indexer:9464',
    });
    expect(config.metricsToken).toBe(token);
    expect(config.metricsPort).toBe(9464);
    expect(config.indexerMetricsUrl).toBe('http://indexer:9464');
    // Compose sets the port for everyone: without a token it is simply unused, not an error.
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('refuses a guessable token, a bad port and an indexer address without a token', () => {
    let caught: unknown;
    try {
      loadConfig({ METRICS_TOKEN: 'short', METRICS_PORT: '99999' });
    } catch (error) {
      caught = error;
    }
    expect((caught as ConfigError).problems).toEqual([
      'METRICS_TOKEN must be at least 32 characters long, without spaces',
      'METRICS_PORT must be a port number (0–65535)',
    ]);
    expect(() => loadConfig({ INDEXER_METRICS_URL: 'http://indexer:9464' })).toThrow(
      /INDEXER_METRICS_URL needs METRICS_TOKEN/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: token, INDEXER_METRICS_URL: 'indexer:9464' })).toThrow(
      /INDEXER_METRICS_URL must be an http\(s\) URL/,
    );
  });
});

describe('configuration of retention', () => {
  it('keeps each kind of record for its default number of days when nothing is set', () => {
    expect(loadConfig({}).retention).toEqual({
      importLogDays: 90,
      closedAdPayloadDays: 30,
      closedAdDays: 365,
      feedControlDays: 180,
      alertSentDays: 90,
      resolvedReportDays: 180,
      mailDays: 31,
    });
  });

  it('takes each period from its setting, and refuses a row kept shorter than its payload', () => {
    const config = loadConfig({ RETENTION_IMPORT_LOG_DAYS: '14', RETENTION_MAIL_DAYS: '7' });
    expect(config.retention.importLogDays).toBe(14);
    expect(config.retention.mailDays).toBe(7);
    expect(Object.isFrozen(config.retention)).toBe(true);
    expect(() => loadConfig({ RETENTION_FEED_CONTROL_DAYS: '0' })).toThrow(/RETENTION_FEED_CONTROL_DAYS/);
    expect(() =>
      loadConfig({ RETENTION_CLOSED_AD_DAYS: '10', RETENTION_CLOSED_AD_PAYLOAD_DAYS: '20' }),
    ).toThrow(/RETENTION_CLOSED_AD_DAYS must be at least/);
  });
});
