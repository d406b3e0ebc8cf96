import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeSession, type Session } from '../session/session';
import { makeSessionToken } from '../session/test-tokens';
import { createHeartbeat, HEARTBEAT_INTERVAL_MS, startHeartbeat, stopHeartbeat } from './heartbeat';

describe('heartbeat', () => {
  let session: Session | null;
  let focused: boolean;
  const send = vi.fn(() => Promise.resolve());
  const deps = () => ({ send, getSession: () => session, hasFocus: () => focused });

  beforeEach(() => {
    vi.useFakeTimers();
    send.mockClear();
    session = decodeSession(makeSessionToken(['view-users']));
    focused = true;
  });

  afterEach(() => {
    stopHeartbeat();
    vi.useRealTimers();
  });

  it('ticks every 29000 ms', () => {
    expect(HEARTBEAT_INTERVAL_MS).toBe(29_000);
    startHeartbeat(deps());
    vi.advanceTimersByTime(28_999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(29_000 * 2);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('starts once per page however often it is started', () => {
    const first = startHeartbeat(deps());
    const second = startHeartbeat(deps());
    first.start();
    expect(second).toBe(first);
    vi.advanceTimersByTime(29_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when signed out, without view-users, or without focus', () => {
    const heartbeat = createHeartbeat(deps());
    heartbeat.start();
    session = null;
    vi.advanceTimersByTime(29_000);
    session = decodeSession(makeSessionToken(['view-related-hierarchy-touchpoints']));
    vi.advanceTimersByTime(29_000);
    session = decodeSession(makeSessionToken(['view-users']));
    focused = false;
    vi.advanceTimersByTime(29_000);
    expect(send).not.toHaveBeenCalled();
    focused = true;
    vi.advanceTimersByTime(29_000);
    expect(send).toHaveBeenCalledTimes(1);
    heartbeat.stop();
  });

  it('by default sends GET /api/heartbeat/ with the stored token', async () => {
    const token = makeSessionToken(['view-users']);
    localStorage.setItem('muster.token', token);
    const fetchSpy = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    try {
      startHeartbeat();
      await vi.advanceTimersByTimeAsync(29_000);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      const [url, init] = fetchSpy.mock.calls[0]!;
      expect(url).toBe('/api/heartbeat/');
      expect(init?.method).toBe('GET');
      expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      localStorage.clear();
    }
  });
});
