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
    expect(problems).toHaveLength(7);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL must be/);
    expect(problems.join('\n')).toMatch(/JWT_SECRET is required/);
    expect(problems.join('\n')).toMatch(/MEILI_URL/);
    expect(problems.join('\n')).toMatch(/FEED_API_VERSION/);
    expect(problems.join('\n')).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });

  it('requires a long JWT secret in production and has no default for it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'short' })).toThrow(
      /at least 32/,
    );
    const config = loadConfig({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'x'.repeat(40) });
    expect(config.jwtSecret).toBe('x'.repeat(40));
  });

  it('normalises values', () => {
    const config = loadConfig({
      MEILI_URL: 'http://meili:7700/',
      ADMIN_EMAIL: 'Admin@Example.SE',
      ADMIN_PASSWORD: 'hemligt123',
    });
    expect(config.meiliUrl).toBe('http://meili:7700/');
    expect(config.adminEmail).toBe('admin@example.se');
  });
});
