import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

// RATE_LIMIT_SCALE lets `npm run bench` load one route from one client; a production server keeps its limits.
describe('RATE_LIMIT_SCALE', () => {
  it('is 1 unless set, and multiplies the limits outside production', () => {
    expect(loadConfig({}).rateLimitScale).toBe(1);
    expect(loadConfig({ NODE_ENV: 'development', RATE_LIMIT_SCALE: '100000' }).rateLimitScale).toBe(100_000);
  });

  it('takes only a whole number of at least 1', () => {
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '2.5' })).toThrow(/RATE_LIMIT_SCALE/);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', RATE_LIMIT_SCALE: '1000' })).toThrow(
      /RATE_LIMIT_SCALE: the rate limits cannot be raised in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', RATE_LIMIT_SCALE: '1' }).rateLimitScale).toBe(1);
  });
});
