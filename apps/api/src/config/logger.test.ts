import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl, serializeError } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/password/reset/abc.def.ghi?email=x', '/api/password/reset/[redacted]?email=x'],
    ['/api/login/token/tok123?redirect=/portal', '/api/login/token/[redacted]?redirect=/portal'],
    ['/auth/magic/m4gic', '/auth/magic/[redacted]'],
    ['/apply/quick-help?key=demo-invitation-key&step=2', '/apply/quick-help?key=[redacted]&step=2'],
    [
      '/api/opportunities/1/apply?t=1&application_key=k3y',
      '/api/opportunities/1/apply?t=1&application_key=[redacted]',
    ],
    ['/portal', '/portal'],
  ])('redacts %j', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('serializeError', () => {
  it('drops a failed query’s parameters from the message, the stack and the error', () => {
    const error = new DrizzleQueryError(
      'insert into "users" ("password_hash", "application_key") values ($1, $2)',
      ['$argon2id$v=19$secret-hash', 'secret-application-key'],
      new Error('duplicate key value'),
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('secret-hash');
    expect(logged).not.toContain('secret-application-key');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('params: [redacted]');
  });
});

describe('loggerOptions', () => {
  it('keeps reset tokens, application keys and query parameters out of a real request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/api/password/reset/:token', async () => {
      throw new DrizzleQueryError('select 1 where $1', ['leaked-parameter'], new Error('boom'));
    });
    await app.inject({ url: '/api/password/reset/reset-token-secret?key=key-secret' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/password/reset/[redacted]?key=[redacted]');
    expect(log).not.toContain('reset-token-secret');
    expect(log).not.toContain('key-secret');
    expect(log).not.toContain('leaked-parameter');
  });
});
