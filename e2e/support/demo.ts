import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Volunteer123';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The demo authenticator secret, read from the seed's source rather than imported: importing the
 * seed would load the server's database code into the test runner.
 */
export function demoTotpSecret(): string {
  const source = fs.readFileSync(path.resolve(here, '../../apps/api/src/db/seed/demo.ts'), 'utf8');
  const match = /export const DEMO_TOTP_SECRET\s*=\s*'([A-Z2-7]+)'/.exec(source);
  if (!match?.[1]) {
    throw new Error('DEMO_TOTP_SECRET not found in apps/api/src/db/seed/demo.ts');
  }
  return match[1];
}

/** A message of the development outbox (`GET /dev/outbox?to=`), as its JSON answer lists them. */
export type OutboxMessage = { subject: string | null; text: string; created_at: string };

/**
 * Polls the development outbox for messages to `to` until `pick` finds something in them
 * (newest first), and answers what it found.
 */
export async function fromOutbox(
  page: Page,
  to: string,
  pick: (messages: OutboxMessage[]) => string | null,
): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/outbox?to=${encodeURIComponent(to)}`, {
          headers: { Accept: 'application/json' },
        });
        expect(response.ok()).toBe(true);
        const body = (await response.json()) as { data: OutboxMessage[] };
        found = pick(body.data);
        return found;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return found!;
}

/** The newest six-digit code emailed to `to` after `since`, from the development outbox. */
export async function emailedCode(page: Page, to: string, since: number): Promise<string> {
  return fromOutbox(page, to, (messages) => {
    const fresh = messages.find((message) => Date.parse(message.created_at) >= since - 1000);
    return fresh ? (/\b(\d{6})\b/.exec(fresh.text)?.[1] ?? null) : null;
  });
}
