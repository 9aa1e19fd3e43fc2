import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

describe('rate limit configuration', () => {
  it('has per-minute defaults: login 10 per IP and 5 per e-mail, register 5 per IP, page views 120, searches 300, saved-search calls 60, exports 5 and fit reads 120 per account', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      loginPerIp: 10,
      loginPerEmail: 5,
      registerPerIp: 5,
      registerPerEmail: 3,
      pageViewsPerIp: 120,
      searchPerIp: 300,
      mailRequestsPerIp: 5,
      reportsPerIp: 5,
      savedSearchesPerAccount: 60,
      exportsPerAccount: 5,
      fitPerAccount: 120,
    });
  });

  it('takes each limit from the environment and reports every bad value at once', () => {
    expect(loadConfig({ RATE_LIMIT_LOGIN_PER_IP: '30' }).rateLimits.loginPerIp).toBe(30);
    expect(() =>
      loadConfig({ RATE_LIMIT_LOGIN_PER_EMAIL: '0', RATE_LIMIT_PAGEVIEWS_PER_IP: 'många' }),
    ).toThrow(/RATE_LIMIT_LOGIN_PER_EMAIL must be[\s\S]*RATE_LIMIT_PAGEVIEWS_PER_IP must be/);
  });
});
