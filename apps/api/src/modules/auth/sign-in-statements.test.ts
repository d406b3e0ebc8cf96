import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { securityLog, userPermissions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import {
  createAccount,
  decodeToken,
  ensurePermissions,
  giveRole,
  uniqueEmail,
} from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { statementsDuring } from '../../test/statements.js';

// What a password sign-in asks the database (issue 13): on two cores every millisecond beside the
// one argon2 verify costs sign-ins per second. A sign-in without a second factor reads the user
// with whether a role enforces two-factor, reads the permissions (both prepared once, then only
// executed; the permissions through the answer cache, so the requests that follow find them kept),
// and writes the session with its first token and the security log's row in one statement: no
// transaction, no second look at the roles.

let ctx: TestContext;
let organisationId: number;
const host = 'sign-in-statements.test';

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx?.close());

let address = 0;
/** Each call from its own client address, so the tests never meet a rate limit. */
function signIn(body: Record<string, unknown>) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/',
    headers: { host },
    remoteAddress: `10.13.0.${address}`,
    payload: body,
  });
}

/**
 * Statements of one sign-in, after a first one has prepared what is prepared once; with `cold`,
 * after a write to a permission table (another person's grant) has emptied every kept permission set.
 */
async function statementsOfSignIn(body: Record<string, unknown>, expectedStatus: number, cold = false) {
  await signIn(body);
  if (cold) {
    const other = await createAccount(ctx.db, organisationId, {});
    const [permission] = await ensurePermissions(ctx.db, ['view-users']);
    await ctx.db.insert(userPermissions).values({ userId: other.id, permissionId: permission ?? 0 });
  }
  let response: Awaited<ReturnType<typeof signIn>> | undefined;
  const seen = await statementsDuring(async () => {
    response = await signIn(body);
  });
  expect(response?.statusCode, response?.body).toBe(expectedStatus);
  return { ...seen, body: response?.json<{ token: string; two_factor: boolean }>() };
}

describe('statements of a password sign-in', () => {
  it('a sign-in reads the user and the permissions (kept for what follows), then writes the session with its token and the log', async () => {
    const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    const { executed, built, body } = await statementsOfSignIn(
      { email: account.email, password: account.password },
      200,
      true,
    );
    expect(executed).toHaveLength(4);
    expect(executed[0]).toMatch(/^select .* from "user_email_addresses"/);
    // The permission cache reads the database's midnight (a role's end date) with the names.
    expect(executed[1]).toMatch(/current_date/);
    expect(executed[2]).toMatch(/^select "name" from "permissions"/);
    expect(executed[3]).toMatch(
      /^with "new_session" as \(insert into "auth_sessions".*\), "new_log" as \(insert into "security_log".*\) insert into "auth_tokens"/,
    );
    // The user and permission reads and both writes are named prepared statements, built once:
    // only the database's midnight is built for this sign-in.
    expect(built).toHaveLength(1);
    expect(built[0]).toMatch(/current_date/);
    expect(body?.two_factor).toBe(false);
    // The session written in that one statement is live: the token works.
    const heartbeat = await ctx.app.inject({
      url: '/api/heartbeat/',
      headers: { host, authorization: `Bearer ${body?.token ?? ''}` },
    });
    expect(heartbeat.statusCode, heartbeat.body).toBe(200);
    // And the security log's row written with it is whole.
    const [logged] = await ctx.db
      .select()
      .from(securityLog)
      .where(and(eq(securityLog.userId, account.id), eq(securityLog.outcome, 'success')))
      .orderBy(desc(securityLog.id))
      .limit(1);
    expect(logged).toMatchObject({
      organisationId,
      event: 'sign_in',
      factor: 'password',
      ip: `10.13.0.${String(address)}`,
      userAgent: 'lightMyRequest',
      details: null,
    });
  });

  it('a sign-in of someone whose permissions are kept does not read them again, and a grant is seen at once', async () => {
    const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    const { executed, body } = await statementsOfSignIn(
      { email: account.email, password: account.password },
      200,
    );
    expect(executed).toHaveLength(2);
    expect(executed.filter((text) => /from "permissions"/.test(text))).toEqual([]);
    const claims = (token: string) =>
      (decodeToken(token) as { user: { permissions: string[] } }).user.permissions;
    expect(claims(body?.token ?? '')).toEqual(['view-users']);
    // A grant empties the kept names: the next sign-in's token carries it.
    const [viewReports] = await ensurePermissions(ctx.db, ['view-reports']);
    await ctx.db.insert(userPermissions).values({ userId: account.id, permissionId: viewReports ?? 0 });
    const after = await signIn({ email: account.email, password: account.password });
    expect(claims(after.json<{ token: string }>().token).sort()).toEqual(['view-reports', 'view-users']);
  });

  it('a role that does not enforce two-factor costs no statement of its own', async () => {
    const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    await giveRole(ctx.db, organisationId, account.id, { enforceTwoFactor: false });
    const { executed, body } = await statementsOfSignIn(
      { email: account.email, password: account.password },
      200,
    );
    expect(executed).toHaveLength(2);
    expect(
      (decodeToken(body?.token ?? '') as { two_factor_enrolment_required?: boolean })
        .two_factor_enrolment_required,
    ).toBe(false);
  });

  it('a role that enforces two-factor is read with the user and holds the sign-in to a second factor', async () => {
    const account = await createAccount(ctx.db, organisationId, {});
    await giveRole(ctx.db, organisationId, account.id, { enforceTwoFactor: true });
    const { executed, body } = await statementsOfSignIn(
      { email: account.email, password: account.password },
      200,
    );
    expect(body?.two_factor).toBe(true);
    expect(executed.filter((text) => /from "user_roles"/.test(text) && !/exists/.test(text))).toEqual([]);
  });

  it('a wrong password and an unknown address each read the user and write the log, nothing else', async () => {
    const account = await createAccount(ctx.db, organisationId, {});
    const wrong = await statementsOfSignIn({ email: account.email, password: 'not-the-password-1' }, 401);
    expect(wrong.executed).toHaveLength(2);
    const unknown = await statementsOfSignIn({ email: uniqueEmail(), password: 'not-the-password-1' }, 401);
    expect(unknown.executed).toHaveLength(2);
    expect(unknown.executed[1]).toMatch(/^insert into "security_log"/);
  });
});
