import { describe, expect, it } from 'vitest';
import { EXPORT_STALE_AFTER_MS } from '../modules/exports/jobs.js';
import { loadConfig } from './config.js';

// EXPORT_STALE_AFTER: how long a running export's heartbeat may lapse before another process builds it.
describe('EXPORT_STALE_AFTER', () => {
  it('is the exports module’s 45 seconds unless set, and takes a duration', () => {
    expect(loadConfig({}).exportStaleAfterMs).toBe(EXPORT_STALE_AFTER_MS);
    expect(EXPORT_STALE_AFTER_MS).toBe(45_000);
    expect(loadConfig({ EXPORT_STALE_AFTER: '3s' }).exportStaleAfterMs).toBe(3_000);
    expect(loadConfig({ EXPORT_STALE_AFTER: '2m' }).exportStaleAfterMs).toBe(120_000);
  });

  it('refuses less than 3 seconds, and anything but a duration', () => {
    expect(() => loadConfig({ EXPORT_STALE_AFTER: '2s' })).toThrow(/EXPORT_STALE_AFTER: at least 3s/);
    expect(() => loadConfig({ EXPORT_STALE_AFTER: '45' })).toThrow(/EXPORT_STALE_AFTER/);
  });
});
