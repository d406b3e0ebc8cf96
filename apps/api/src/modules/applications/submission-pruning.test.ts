import { eq } from 'drizzle-orm';
import { applicationMessages } from '@muster/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, applicationSubmissions } from '../../db/schema/index.js';
import { seedReferenceData } from '../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { newApplicantDetails } from '../../test/factories/application.js';
import { createOpportunity } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { runMaintenancePass } from '../maintenance/service.js';
import { filesDirectoryOf, type FileStore } from '../files/service.js';

const HOUR = 60 * 60 * 1000;
const host = 'pruning.test';

let ctx: TestContext;
let store: FileStore;
let slug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  store = { db: ctx.db, directory: filesDirectoryOf(ctx.config.dataDir) };
  const organisation = await createOrganisation(ctx.db, { hosts: [host] });
  slug = (await createOpportunity(ctx.db, organisation.id)).slug;
});
afterAll(() => ctx?.close());

/** A complete form (basic details, then review) for a new applicant. */
function newApplicantForm() {
  return { ...newApplicantDetails(), new_password: 'Sunshine42', new_password_confirm: 'Sunshine42' };
}

function submit(payload: Record<string, unknown>, idempotencyKey: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${slug}/apply`,
    headers: { host, 'idempotency-key': idempotencyKey },
    payload,
  });
}

async function storedKeys(): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: applicationSubmissions.idempotencyKey })
    .from(applicationSubmissions);
  return rows.map((row) => row.key).sort();
}

describe('idempotency records in the maintenance pass', () => {
  it('keeps a record for 24 hours: a retry after a pass within the window is still replayed', async () => {
    const form = newApplicantForm();
    const first = await submit(form, 'within-window');
    expect(first.statusCode, first.body).toBe(201);

    expect(await runMaintenancePass(store, new Date(Date.now() + 23 * HOUR))).toMatchObject({
      submissions: 0,
    });
    expect(await storedKeys()).toEqual(['within-window']);

    const retry = await submit(form, 'within-window');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const written = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.idempotencyKey, 'within-window'));
    expect(written).toHaveLength(1);
  });

  it('removes a record older than 24 hours and keeps a recent one', async () => {
    expect((await submit(newApplicantForm(), 'old-key')).statusCode).toBe(201);
    expect((await submit(newApplicantForm(), 'recent-key')).statusCode).toBe(201);
    await ctx.db
      .update(applicationSubmissions)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(applicationSubmissions.idempotencyKey, 'old-key'));

    expect(await runMaintenancePass(store, new Date())).toMatchObject({ submissions: 1 });
    expect(await storedKeys()).toEqual(['recent-key', 'within-window']);
    // Only the record goes: the application it answered for stays.
    const kept = await ctx.db.select().from(applications).where(eq(applications.idempotencyKey, 'old-key'));
    expect(kept).toHaveLength(1);
  });

  it('a key reused after its record is gone is answered 409 (use a new key), not a second application or a 500', async () => {
    expect((await submit(newApplicantForm(), 'expired-key')).statusCode).toBe(201);
    await ctx.db
      .update(applicationSubmissions)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(applicationSubmissions.idempotencyKey, 'expired-key'));
    await runMaintenancePass(store, new Date());

    const reused = await submit(newApplicantForm(), 'expired-key');
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json()).toMatchObject({ message: applicationMessages.idempotencyMismatch });
    const written = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.idempotencyKey, 'expired-key'));
    expect(written).toHaveLength(1);
  });
});
