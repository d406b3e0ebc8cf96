import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Path segments that are secrets themselves: reset, login and magic link tokens, referee links. */
const SECRET_PATHS = [
  /(\/password\/reset\/)[^/?#]+/g,
  /(\/login\/token\/)[^/?#]+/g,
  /(\/auth\/magic\/)[^/?#]+/g,
  /(\/reference\/)[^/?#]+/g,
];
/** Query parameters that carry secrets: application keys, tokens, codes. */
const SECRET_PARAMS = /([?&](?:key|application_key|token|code|secret)=)[^&#]*/gi;

/** `url` with secret path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  let redacted = url;
  for (const pattern of SECRET_PATHS) {
    redacted = redacted.replace(pattern, '$1[redacted]');
  }
  return redacted.replace(SECRET_PARAMS, '$1[redacted]');
}

type SerializedError = ReturnType<typeof stdSerializers.err> & { params?: unknown; query?: unknown };

/** `text` without a failed query's parameters, which run from `params:` to the first stack frame or the end. */
function stripQueryParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]');
}

/**
 * A logged error without a failed query's parameters: Drizzle puts them in the message (`params:
 * …`) and on the error, and they can hold a password hash or an application key. The SQL text
 * (placeholders only) stays, since it says what failed.
 */
export function serializeError(error: Error): SerializedError {
  const serialized = stdSerializers.err(error) as SerializedError;
  if (typeof serialized.message === 'string') {
    serialized.message = stripQueryParams(serialized.message);
  }
  if (typeof serialized.stack === 'string') {
    serialized.stack = stripQueryParams(serialized.stack);
  }
  delete serialized.params;
  return serialized;
}

/** The server's logger: secrets in headers, bodies, URLs and failed queries never reach the log. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-email-address"]',
      'req.body.password',
    ],
    hooks: {
      // A log line's own message may be an error's message (Fastify logs a failed request that way).
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg: unknown) => (typeof arg === 'string' ? stripQueryParams(arg) : arg)) as typeof args,
        );
      },
    },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; hostname?: string; ip?: string; id?: string }) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  };
}
