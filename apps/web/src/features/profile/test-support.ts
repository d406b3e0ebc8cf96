import { afterEach, beforeEach, vi } from 'vitest';

/** One request the component made, with its JSON body (`{}` when it had none). */
export type FakeCall = { url: string; method: string; body: Record<string, unknown> };
/** What the stubbed API answers to one request. */
export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/** Queued answers keyed by `METHOD url`, and the calls made, both emptied before each test. */
export interface QueuedApi {
  calls: FakeCall[];
  answers: Record<string, FakeAnswer[]>;
}

/**
 * Stubs `fetch` for every test of the calling file with queued answers: each call takes the next
 * answer of its queue (with `repeatLast`, the last one answers again and again); `answerFirst`
 * may answer a call before the queues are asked. A call without an answer gets a 404.
 */
export function stubQueuedApi(
  options: {
    repeatLast?: boolean;
    contentType?: string;
    answerFirst?: (method: string, url: string) => FakeAnswer | undefined;
  } = {},
): QueuedApi {
  const { repeatLast = false, contentType = 'application/vnd.muster.v3+json', answerFirst } = options;
  const api: QueuedApi = { calls: [], answers: {} };
  const network = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '{}';
    api.calls.push({ url, method, body: JSON.parse(body) as Record<string, unknown> });
    const queue = api.answers[`${method} ${url}`];
    const answer =
      answerFirst?.(method, url) ?? (repeatLast && queue?.length === 1 ? queue[0] : queue?.shift());
    if (!answer) {
      return Promise.resolve(new Response(JSON.stringify({ message: 'Not found' }), { status: 404 }));
    }
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': contentType, ...answer.headers },
      }),
    );
  };
  beforeEach(() => {
    // Emptied in place, so tests may hold on to `calls` and `answers`.
    api.calls.length = 0;
    for (const key of Object.keys(api.answers)) {
      delete api.answers[key];
    }
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(network));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return api;
}
