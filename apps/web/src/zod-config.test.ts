import { config, z } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod-config', () => {
  it('is the configuration zod reads: jitless, so no validator is compiled with eval', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).safeParse({ name: 'Ada' }).success).toBe(true);
  });
});
