import { apiClient, tokenStore } from '../api/default-client';
import { can, decodeSession, type Session } from '../session/session';

/** Heartbeat period (platform-foundation §9). */
export const HEARTBEAT_INTERVAL_MS = 29_000;
export const HEARTBEAT_PERMISSION = 'view-users';

export type HeartbeatDeps = {
  /** Sends `GET heartbeat/`; its answer is not used (platform-foundation §4). */
  send: () => Promise<unknown>;
  getSession: () => Session | null;
  hasFocus: () => boolean;
  intervalMs?: number;
};

export type Heartbeat = {
  /** Starts the ticks; a second call while running does nothing. */
  start(): void;
  stop(): void;
  readonly running: boolean;
};

/**
 * A heartbeat that on every tick sends one request, but only while a user is signed in, holds
 * `view-users`, and the window has focus (platform-foundation §4).
 */
export function createHeartbeat(deps: HeartbeatDeps): Heartbeat {
  let timer: ReturnType<typeof setInterval> | null = null;
  const tick = () => {
    if (!deps.hasFocus() || !can(deps.getSession(), HEARTBEAT_PERMISSION)) {
      return;
    }
    // The answer is not used, and a failure now says nothing the next tick will not.
    deps.send().catch(() => undefined);
  };
  return {
    start() {
      if (timer === null) {
        timer = setInterval(tick, deps.intervalMs ?? HEARTBEAT_INTERVAL_MS);
      }
    },
    stop() {
      if (timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    },
    get running() {
      return timer !== null;
    },
  };
}

let pageHeartbeat: Heartbeat | null = null;

/**
 * Starts the page's heartbeat over the page's API client and token; idempotent, so however many
 * times the app mounts (StrictMode mounts twice) there is one heartbeat per page.
 */
export function startHeartbeat(
  deps: HeartbeatDeps = {
    send: () => apiClient.get('heartbeat/'),
    getSession: () => decodeSession(tokenStore.get()),
    hasFocus: () => document.hasFocus(),
  },
): Heartbeat {
  pageHeartbeat ??= createHeartbeat(deps);
  pageHeartbeat.start();
  return pageHeartbeat;
}

/** Stops and forgets the page's heartbeat (tests; signing out keeps it, since it checks every tick). */
export function stopHeartbeat(): void {
  pageHeartbeat?.stop();
  pageHeartbeat = null;
}
