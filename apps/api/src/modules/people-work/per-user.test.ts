import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimSchema,
  dataEnvelope,
  effectiveExpenseAuthoriserSchema,
  expenseSchema,
  paginatedResponseSchema,
  peopleWorkMessages,
  touchpointSchema,
  userInductionSchema,
  userSkillBioSchema,
  userSkillSchema,
} from '@muster/contract';
import { expenses, files, permissions, touchpoints, userDeniedPermissions, userInductions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createStoredFile } from '../../test/factories/files.js';
import {
  createClaim,
  createDynamicSkill,
  createExpense,
  createExpenseType,
  createInductionModule,
  createSkill,
  createSkillCategory,
  createTouchpoint,
} from '../../test/factories/people-work.js';
import { createUser } from '../../test/factories/user.js';
import { addMonths } from './service.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * The per-user records of people's work: expenses and claims through the generic module and the
 * claim decision, expense authorisers, sub-touchpoints, induction self-completion and skill bios.
 */

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
/** Manages people's records (manage-users, view-users). */
let staff: Caller;
let volunteer: Caller;
let otherStaff: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  b = await createTenant(ctx.app);
  staff = await a.person(['manage-users', 'view-users']);
  volunteer = await a.person([]);
  otherStaff = await b.person(['manage-users', 'view-users', 'manage-claims']);
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (caller: { headers: Record<string, string> } | { host: string }, method: Method, url: string, payload?: object) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, method, url, payload);
const errorsOf = (response: { json: <T>() => T }) => response.json<{ errors: Record<string, string[]> }>().errors;

describe('expenses (generic)', () => {
  it('round-trips an expense in pence through the generic routes; another organisation’s person is 404', async () => {
    const travel = await createExpenseType(ctx.db, a.id, { name: 'Travel' });
    const url = `/api/users/${volunteer.id}/expenses`;
    const created = await call(staff, 'POST', url, {
      type_id: travel.id,
      amount_pence: 1840,
      spent_on: '2026-03-14',
      description: 'Train to the festival',
      quantity: 12.5,
    });
    expect(created.statusCode).toBe(201);
    const expense = dataEnvelope(expenseSchema).parse(created.json()).data;
    expect(expense).toMatchObject({
      user_id: volunteer.id,
      type_id: travel.id,
      amount_pence: 1840,
      quantity: 12.5,
      status: 'pending',
      claim_id: null,
      created_by: staff.id,
    });

    const listed = await call(staff, 'GET', url);
    expect(paginatedResponseSchema(expenseSchema).parse(listed.json()).data).toEqual([expense]);
    const changed = await call(staff, 'PUT', `${url}/${expense.id}`, { amount_pence: 1900 });
    expect(dataEnvelope(expenseSchema).parse(changed.json()).data.amount_pence).toBe(1900);
    expect((await call(staff, 'DELETE', `${url}/${expense.id}`)).statusCode).toBe(204);
    expect((await call(staff, 'GET', `${url}/${expense.id}`)).statusCode).toBe(404);

    const stranger = await createUser(ctx.db, b.id);
    expect((await call(staff, 'GET', `/api/users/${stranger.id}/expenses`)).statusCode).toBe(404);
    expect(
      (await call(otherStaff, 'POST', url, { type_id: travel.id, amount_pence: 1, spent_on: '2026-03-14' })).statusCode,
    ).toBe(404);
  });

  it('is 401 signed out, 403 without manage-users, and 422 with a sentence per field', async () => {
    const url = `/api/users/${volunteer.id}/expenses`;
    expect((await call(a.anonymous, 'POST', url, {})).statusCode).toBe(401);
    const bystander = await a.person(['view-users']);
    expect((await call(bystander, 'POST', url, {})).statusCode).toBe(403);
    const foreignType = await createExpenseType(ctx.db, b.id);
    const bad = await call(staff, 'POST', url, { type_id: foreignType.id, amount_pence: -5, spent_on: '14/03/2026' });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({
      amount_pence: ['The amount cannot be negative.'],
      spent_on: ['The date spent must be a date written as YYYY-MM-DD.'],
    });
    const foreign = await call(staff, 'POST', url, { type_id: foreignType.id, amount_pence: 5, spent_on: '2026-03-14' });
    expect(errorsOf(foreign)).toEqual({ type_id: ['The type must be an expense type of this organisation.'] });
    const ownType = await createExpenseType(ctx.db, a.id);
    const yearZero = await call(staff, 'POST', url, { type_id: ownType.id, amount_pence: 5, spent_on: '0000-01-01' });
    expect(errorsOf(yearZero)).toEqual({ spent_on: ['The date spent must be between the years 1900 and 2999.'] });
  });
});

describe('expenses and their claims', () => {
  it('lets the person record their own expense into one of their waiting claims, never another person’s', async () => {
    const type = await createExpenseType(ctx.db, a.id);
    const mine = await createClaim(ctx.db, a.id, volunteer.id);
    const someoneElse = await createUser(ctx.db, a.id);
    const theirs = await createClaim(ctx.db, a.id, someoneElse.id);
    const decided = await createClaim(ctx.db, a.id, volunteer.id, { status: 'rejected' });
    const url = `/api/users/${volunteer.id}/expenses`;
    const body = { type_id: type.id, amount_pence: 420, spent_on: '2026-03-20' };

    const own = await call(volunteer, 'POST', url, { ...body, claim_id: mine.id });
    expect(own.statusCode).toBe(201);
    expect(dataEnvelope(expenseSchema).parse(own.json()).data).toMatchObject({
      claim_id: mine.id,
      status: 'pending',
      created_by: volunteer.id,
    });
    expect(errorsOf(await call(volunteer, 'POST', url, { ...body, claim_id: theirs.id }))).toEqual({
      claim_id: ['The claim must be one of this person’s claims.'],
    });
    expect(errorsOf(await call(volunteer, 'POST', url, { ...body, claim_id: decided.id }))).toEqual({
      claim_id: [peopleWorkMessages.claimDecided],
    });
    const bystander = await a.person([]);
    expect((await call(bystander, 'POST', url, body)).statusCode).toBe(403);
  });

  it('refuses to change or delete an expense once its claim is approved (409)', async () => {
    const type = await createExpenseType(ctx.db, a.id);
    const claim = await createClaim(ctx.db, a.id, volunteer.id, { status: 'approved' });
    const settled = await createExpense(ctx.db, a.id, volunteer.id, type.id, { claimId: claim.id, status: 'approved' });
    const url = `/api/users/${volunteer.id}/expenses/${settled.id}`;
    const changed = await call(volunteer, 'PUT', url, { amount_pence: 99_999 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ message: peopleWorkMessages.expenseSettled });
    expect((await call(staff, 'DELETE', url)).statusCode).toBe(409);
    const [stored] = await ctx.db.select().from(expenses).where(eq(expenses.id, settled.id));
    expect(stored?.amountPence).toBe(1250);
  });
});

describe('claims', () => {
  it('approves a claim: stamped with who and when, its expenses approved; then paid', async () => {
    const approver = await a.person(['manage-claims', 'view-claims']);
    const type = await createExpenseType(ctx.db, a.id);
    const made = await call(staff, 'POST', `/api/users/${volunteer.id}/claims`, { title: 'March travel' });
    expect(made.statusCode).toBe(201);
    const claim = dataEnvelope(claimSchema).parse(made.json()).data;
    expect(claim).toMatchObject({ user_id: volunteer.id, status: 'submitted', decided_by: null });
    const inClaim = await createExpense(ctx.db, a.id, volunteer.id, type.id, { claimId: claim.id });
    const outside = await createExpense(ctx.db, a.id, volunteer.id, type.id);

    const approved = await call(approver, 'PUT', `/api/claims/${claim.id}`, {
      status: 'approved',
      decision_note: 'Thanks!',
    });
    expect(approved.statusCode).toBe(200);
    const decided = dataEnvelope(claimSchema).parse(approved.json()).data;
    expect(decided).toMatchObject({ status: 'approved', decided_by: approver.id, decision_note: 'Thanks!' });
    expect(decided.decided_at).toMatch(/Z$/);
    const statusOf = async (id: number) =>
      (await ctx.db.select({ status: expenses.status }).from(expenses).where(eq(expenses.id, id)))[0]?.status;
    expect(await statusOf(inClaim.id)).toBe('approved');
    expect(await statusOf(outside.id)).toBe('pending');

    const backwards = await call(approver, 'PUT', `/api/claims/${claim.id}`, { status: 'rejected' });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards)).toEqual({ status: ['An approved claim can only be marked paid.'] });
    const paid = await call(approver, 'PUT', `/api/claims/${claim.id}`, { status: 'paid' });
    expect(dataEnvelope(claimSchema).parse(paid.json()).data.paid_at).toEqual(expect.stringMatching(/Z$/));
    expect(await statusOf(inClaim.id)).toBe('paid');
  });

  it('refuses a decision on one’s own claim, and by anyone but the named authorisers when there are some', async () => {
    const approver = await a.person(['manage-claims']);
    const colleague = await a.person(['manage-claims']);
    const own = await createClaim(ctx.db, a.id, approver.id);
    const refused = await call(approver, 'PUT', `/api/claims/${own.id}`, { status: 'approved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: peopleWorkMessages.ownClaim });

    const claimant = await a.person([]);
    const named = await call(staff, 'POST', `/api/users/${claimant.id}/expenses/authorisers`, {
      authoriser_user_id: colleague.id,
    });
    expect(named.statusCode).toBe(201);
    const claim = await createClaim(ctx.db, a.id, claimant.id);
    const notNamed = await call(approver, 'PUT', `/api/claims/${claim.id}`, { status: 'rejected' });
    expect(notNamed.statusCode).toBe(403);
    expect(notNamed.json()).toEqual({ message: peopleWorkMessages.notNamedAuthoriser });
    const decided = await call(colleague, 'PUT', `/api/claims/${claim.id}`, { status: 'rejected' });
    expect(dataEnvelope(claimSchema).parse(decided.json()).data).toMatchObject({ status: 'rejected', decided_by: colleague.id });
  });

  it('is 401, 403 without manage-claims, 422 for an unknown status, and 404 for another organisation’s claim', async () => {
    const claim = await createClaim(ctx.db, a.id, volunteer.id);
    expect((await call(a.anonymous, 'PUT', `/api/claims/${claim.id}`, { status: 'x' })).statusCode).toBe(401);
    expect((await call(staff, 'PUT', `/api/claims/${claim.id}`, { status: 'x' })).statusCode).toBe(403);
    const approver = await a.person(['manage-claims']);
    const bad = await call(approver, 'PUT', `/api/claims/${claim.id}`, { status: 'maybe' });
    expect(errorsOf(bad)).toEqual({ status: ['The status must be submitted, approved, rejected or paid.'] });
    const theirs = await call(otherStaff, 'PUT', `/api/claims/${claim.id}`, { status: 'approved' });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('expense authorisers', () => {
  it('lists the holders of manage-claims (not the person, not those denied it) until someone is named', async () => {
    const claimant = await a.person([]);
    const holder = await a.person(['manage-claims']);
    const denied = await a.person(['manage-claims']);
    const [permission] = await ctx.db.select().from(permissions).where(eq(permissions.name, 'manage-claims'));
    await ctx.db.insert(userDeniedPermissions).values({ userId: denied.id, permissionId: permission?.id ?? 0 });
    const url = `/api/users/${claimant.id}/expenses/authorisers`;
    const listSchema = paginatedResponseSchema(effectiveExpenseAuthoriserSchema);

    // The person themself may see who authorises their expenses.
    const before = listSchema.parse((await call(claimant, 'GET', url)).json()).data;
    expect(before.map((row) => row.authoriser_user_id)).toContain(holder.id);
    expect(before.map((row) => row.authoriser_user_id)).not.toContain(denied.id);
    expect(before.every((row) => !row.named && row.id === null)).toBe(true);

    const named = await call(staff, 'POST', url, { authoriser_user_id: holder.id });
    expect(named.statusCode).toBe(201);
    const after = listSchema.parse((await call(staff, 'GET', url)).json());
    expect(after.data).toEqual([
      expect.objectContaining({ authoriser_user_id: holder.id, named: true, id: named.json<{ data: { id: number } }>().data.id }),
    ]);
    expect(after.meta.total).toBe(1);
  });

  it('refuses to name the person themself, someone without manage-claims, or someone twice (422)', async () => {
    const claimant = await a.person(['manage-claims']);
    const holder = await a.person(['manage-claims']);
    const url = `/api/users/${claimant.id}/expenses/authorisers`;
    expect(errorsOf(await call(staff, 'POST', url, { authoriser_user_id: claimant.id }))).toEqual({
      authoriser_user_id: [peopleWorkMessages.authoriserSelf],
    });
    expect(errorsOf(await call(staff, 'POST', url, { authoriser_user_id: volunteer.id }))).toEqual({
      authoriser_user_id: [peopleWorkMessages.authoriserPermission],
    });
    expect((await call(staff, 'POST', url, { authoriser_user_id: holder.id })).statusCode).toBe(201);
    expect(errorsOf(await call(staff, 'POST', url, { authoriser_user_id: holder.id }))).toEqual({
      authoriser_user_id: [peopleWorkMessages.authoriserTwice],
    });
    expect(errorsOf(await call(staff, 'POST', url, { authoriser_user_id: 'me' }))).toEqual({
      authoriser_user_id: ['The authoriser must be a user of this organisation.'],
    });
  });

  it('is 401 signed out, 403 for someone else’s list without view-users, 404 in another organisation', async () => {
    const url = `/api/users/${volunteer.id}/expenses/authorisers`;
    expect((await call(a.anonymous, 'GET', url)).statusCode).toBe(401);
    const other = await a.person([]);
    expect((await call(other, 'GET', url)).statusCode).toBe(403);
    expect((await call(volunteer, 'POST', url, { authoriser_user_id: staff.id })).statusCode).toBe(403);
    expect((await call(otherStaff, 'GET', url)).statusCode).toBe(404);
  });
});

describe('sub-touchpoints', () => {
  it('stores a follow-up under the given touchpoint of the same person, by the caller', async () => {
    const first = await createTouchpoint(ctx.db, a.id, volunteer.id, { summary: 'Welcome call' });
    const url = `/api/users/${volunteer.id}/touchpoints/${first.id}/sub-touchpoints`;
    const made = await call(staff, 'POST', url, {
      occurred_at: '2026-03-09T14:30:00+00:00',
      summary: 'Follow-up call',
      details: 'Happy with the first shift.',
    });
    expect(made.statusCode).toBe(201);
    const followUp = dataEnvelope(touchpointSchema).parse(made.json()).data;
    expect(followUp).toMatchObject({
      user_id: volunteer.id,
      parent_id: first.id,
      occurred_at: '2026-03-09T14:30:00.000Z',
      created_by: staff.id,
    });
    const [stored] = await ctx.db.select().from(touchpoints).where(eq(touchpoints.id, followUp.id));
    expect(stored).toMatchObject({ parentId: first.id, userId: volunteer.id });
    const listed = await call(staff, 'GET', `/api/users/${volunteer.id}/touchpoints`);
    expect(paginatedResponseSchema(touchpointSchema).parse(listed.json()).data.map((row) => row.id)).toEqual([
      first.id,
      followUp.id,
    ]);
  });

  it('is 404 under another person’s or organisation’s touchpoint, 401, 403 and 422 otherwise', async () => {
    const someoneElse = await createUser(ctx.db, a.id);
    const theirs = await createTouchpoint(ctx.db, a.id, someoneElse.id);
    const body = { occurred_at: '2026-03-09T14:30:00Z', summary: 'Follow-up' };
    expect((await call(staff, 'POST', `/api/users/${volunteer.id}/touchpoints/${theirs.id}/sub-touchpoints`, body)).statusCode).toBe(404);
    const stranger = await createUser(ctx.db, b.id);
    const foreign = await createTouchpoint(ctx.db, b.id, stranger.id);
    expect((await call(staff, 'POST', `/api/users/${stranger.id}/touchpoints/${foreign.id}/sub-touchpoints`, body)).statusCode).toBe(404);

    const mine = await createTouchpoint(ctx.db, a.id, volunteer.id);
    const url = `/api/users/${volunteer.id}/touchpoints/${mine.id}/sub-touchpoints`;
    expect((await call(a.anonymous, 'POST', url, body)).statusCode).toBe(401);
    expect((await call(volunteer, 'POST', url, body)).statusCode).toBe(403);
    const bad = await call(staff, 'POST', url, { occurred_at: 'yesterday', summary: '' });
    expect(errorsOf(bad)).toEqual({
      occurred_at: ['The time of the contact must be a date and time such as 2026-05-01T09:30:00Z.'],
      summary: ['Please enter a summary.'],
    });
  });
});

describe('induction self-completion', () => {
  it('completes a self-completable module for the signed-in person, with who, when and until when', async () => {
    const module = await createInductionModule(ctx.db, a.id, { selfCompletable: true, validityMonths: 12 });
    const done = await call(volunteer, 'PUT', `/api/users/${volunteer.id}/inductions/self-complete/${module.id}`, {
      confirmed: true,
      notes: 'Watched the video.',
    });
    expect(done.statusCode).toBe(200);
    const induction = dataEnvelope(userInductionSchema).parse(done.json()).data;
    expect(induction).toMatchObject({
      user_id: volunteer.id,
      module_id: module.id,
      status: 'completed',
      completed_by: volunteer.id,
      notes: 'Watched the video.',
    });
    expect(induction.expires_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [stored] = await ctx.db
      .select()
      .from(userInductions)
      .where(and(eq(userInductions.userId, volunteer.id), eq(userInductions.moduleId, module.id)));
    expect(stored?.status).toBe('completed');
    // The person reads their own inductions back through the generic list.
    const listed = await call(staff, 'GET', `/api/users/${volunteer.id}/inductions`);
    expect(paginatedResponseSchema(userInductionSchema).parse(listed.json()).data).toEqual([induction]);
  });

  it('is 403 for someone else’s inductions or a module staff sign off, 404 for another organisation’s, 401, 422', async () => {
    const module = await createInductionModule(ctx.db, a.id, { selfCompletable: true });
    const staffOnly = await createInductionModule(ctx.db, a.id, { selfCompletable: false });
    const others = await call(staff, 'PUT', `/api/users/${volunteer.id}/inductions/self-complete/${module.id}`, {});
    expect(others.statusCode).toBe(403);
    expect(others.json()).toEqual({ message: peopleWorkMessages.selfCompleteOthers });
    const signOff = await call(volunteer, 'PUT', `/api/users/${volunteer.id}/inductions/self-complete/${staffOnly.id}`, {
      confirmed: true,
    });
    expect(signOff.statusCode).toBe(403);
    expect(signOff.json()).toEqual({ message: peopleWorkMessages.notSelfCompletable });
    const foreign = await createInductionModule(ctx.db, b.id, { selfCompletable: true });
    expect(
      (await call(volunteer, 'PUT', `/api/users/${volunteer.id}/inductions/self-complete/${foreign.id}`, { confirmed: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(a.anonymous, 'PUT', `/api/users/${volunteer.id}/inductions/self-complete/${module.id}`, { confirmed: true }))
        .statusCode,
    ).toBe(401);
    const unconfirmed = await call(volunteer, 'PUT', `/api/users/${volunteer.id}/inductions/self-complete/${module.id}`, {});
    expect(errorsOf(unconfirmed)).toEqual({ confirmed: ['Please confirm that you have completed this induction.'] });
    const rows = await ctx.db.select().from(userInductions).where(eq(userInductions.moduleId, staffOnly.id));
    expect(rows).toEqual([]);
  });

  it('adds whole months within the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 12)).toBe('2027-11-15');
  });
});

describe('skills held', () => {
  it('lets the person record a skill option once, only an option of that skill, and change it', async () => {
    const category = await createSkillCategory(ctx.db, a.id);
    const languages = await createSkill(ctx.db, a.id, category.id, { name: 'Languages' });
    const driving = await createSkill(ctx.db, a.id, category.id, { name: 'Driving' });
    const welsh = await createDynamicSkill(ctx.db, a.id, languages.id, { name: 'Welsh' });
    const minibus = await createDynamicSkill(ctx.db, a.id, driving.id, { name: 'Minibus' });
    const url = `/api/users/${volunteer.id}/skills`;

    const made = await call(volunteer, 'POST', url, { skill_id: languages.id, dynamic_skill_id: welsh.id, level: 'expert' });
    expect(made.statusCode).toBe(201);
    const held = dataEnvelope(userSkillSchema).parse(made.json()).data;
    expect(held).toMatchObject({ user_id: volunteer.id, skill_id: languages.id, dynamic_skill_id: welsh.id, level: 'expert' });

    expect(errorsOf(await call(volunteer, 'POST', url, { skill_id: languages.id, dynamic_skill_id: welsh.id }))).toEqual({
      skill_id: [peopleWorkMessages.skillHeld],
    });
    expect(errorsOf(await call(volunteer, 'POST', url, { skill_id: languages.id, dynamic_skill_id: minibus.id }))).toEqual({
      dynamic_skill_id: [peopleWorkMessages.notAnOption],
    });
    expect(errorsOf(await call(volunteer, 'POST', url, { skill_id: languages.id, level: 'fluent' }))).toEqual({
      level: ['The level must be beginner, intermediate, advanced or expert.'],
    });
    // Changing the skill alone leaves an option of the old one: refused, not stored half-way.
    const moved = await call(volunteer, 'PUT', `${url}/${held.id}`, { skill_id: driving.id });
    expect(errorsOf(moved)).toEqual({ dynamic_skill_id: [peopleWorkMessages.notAnOption] });
    const changed = await call(volunteer, 'PUT', `${url}/${held.id}`, { level: 'advanced', expires_on: '2027-01-31' });
    expect(dataEnvelope(userSkillSchema).parse(changed.json()).data).toMatchObject({
      level: 'advanced',
      expires_on: '2027-01-31',
      dynamic_skill_id: welsh.id,
    });
    const other = await a.person([]);
    expect((await call(other, 'POST', url, { skill_id: languages.id })).statusCode).toBe(403);
    expect((await call(otherStaff, 'POST', url, { skill_id: languages.id })).statusCode).toBe(404);
  });
});

describe('inductions recorded by staff', () => {
  it('records an induction once, stamping a completion with who, when and the module’s validity', async () => {
    const module = await createInductionModule(ctx.db, a.id, { validityMonths: 12 });
    const person = await a.person([]);
    const url = `/api/users/${person.id}/inductions`;
    const made = await call(staff, 'POST', url, {
      module_id: module.id,
      status: 'completed',
      completed_at: '2026-01-31T10:00:00Z',
    });
    expect(made.statusCode).toBe(201);
    const induction = dataEnvelope(userInductionSchema).parse(made.json()).data;
    expect(induction).toMatchObject({
      status: 'completed',
      completed_by: staff.id,
      completed_at: '2026-01-31T10:00:00.000Z',
      expires_on: '2027-01-31',
    });
    expect(errorsOf(await call(staff, 'POST', url, { module_id: module.id }))).toEqual({
      module_id: [peopleWorkMessages.inductionHeld],
    });
    const reopened = await call(staff, 'PUT', `${url}/${induction.id}`, { status: 'in_progress' });
    expect(dataEnvelope(userInductionSchema).parse(reopened.json()).data).toMatchObject({
      status: 'in_progress',
      completed_at: null,
      completed_by: null,
      expires_on: null,
    });
    expect(errorsOf(await call(staff, 'PUT', `${url}/${induction.id}`, { completed_at: '2026-02-01T10:00:00Z' }))).toEqual({
      completed_at: [peopleWorkMessages.completedAtNeedsCompleted],
    });
    // The person reads their own inductions but does not record them.
    expect((await call(person, 'GET', url)).statusCode).toBe(200);
    expect((await call(person, 'POST', url, { module_id: module.id })).statusCode).toBe(403);
    expect((await call(a.anonymous, 'POST', url, { module_id: module.id })).statusCode).toBe(401);
    const foreign = await createInductionModule(ctx.db, b.id);
    const other = await a.person([]);
    expect(errorsOf(await call(staff, 'POST', `/api/users/${other.id}/inductions`, { module_id: foreign.id }))).toEqual({
      module_id: ['The module must be an induction module of this organisation.'],
    });
  });
});

describe('skill bios', () => {
  it('lets the person write their bio in a category, a second store replacing the first', async () => {
    const category = await createSkillCategory(ctx.db, a.id, { name: 'Languages' });
    const url = `/api/users/${volunteer.id}/skills/${category.id}/bio`;
    const listSchema = paginatedResponseSchema(userSkillBioSchema);
    expect(listSchema.parse((await call(volunteer, 'GET', url)).json())).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 25, total: 0 },
    });
    const first = await call(volunteer, 'POST', url, { bio: 'I speak Welsh and some French.' });
    expect(first.statusCode).toBe(201);
    const second = await call(volunteer, 'POST', url, { bio: 'I speak Welsh and French.' });
    expect(second.statusCode).toBe(200);
    const bio = dataEnvelope(userSkillBioSchema).parse(second.json()).data;
    expect(bio).toMatchObject({ user_id: volunteer.id, category_id: category.id, bio: 'I speak Welsh and French.' });
    expect(bio.id).toBe(dataEnvelope(userSkillBioSchema).parse(first.json()).data.id);
    expect(listSchema.parse((await call(staff, 'GET', url)).json()).data).toEqual([bio]);
    // Show through the generic item route.
    expect(dataEnvelope(userSkillBioSchema).parse((await call(staff, 'GET', `${url}/${bio.id}`)).json()).data).toEqual(bio);
  });

  it('is 401, 403 for someone else’s bio without the permission, 422 empty, 404 for another organisation’s category', async () => {
    const category = await createSkillCategory(ctx.db, a.id);
    const url = `/api/users/${volunteer.id}/skills/${category.id}/bio`;
    expect((await call(a.anonymous, 'GET', url)).statusCode).toBe(401);
    const other = await a.person([]);
    expect((await call(other, 'GET', url)).statusCode).toBe(403);
    expect((await call(other, 'POST', url, { bio: '' })).statusCode).toBe(403);
    expect(errorsOf(await call(volunteer, 'POST', url, { bio: '   ' }))).toEqual({ bio: ['Please enter your bio.'] });
    const foreign = await createSkillCategory(ctx.db, b.id);
    expect((await call(volunteer, 'POST', `/api/users/${volunteer.id}/skills/${foreign.id}/bio`, { bio: 'Hi' })).statusCode).toBe(
      404,
    );
  });
});

describe('expense receipts', () => {
  it('lets the claimant attach their own receipt, which becomes their file', async () => {
    const type = await createExpenseType(ctx.db, a.id);
    const expense = await createExpense(ctx.db, a.id, volunteer.id, type.id);
    const receipt = await createStoredFile(ctx.db, a.id, { uploadedByUserId: volunteer.id, originalName: 'receipt.jpg' });
    const url = `/api/users/${volunteer.id}/expenses/${expense.id}/attachments`;
    const attached = await call(volunteer, 'POST', url, { file_id: receipt.id });
    expect(attached.statusCode).toBe(201);
    expect(attached.json<{ data: unknown }>().data).toMatchObject({
      user_id: volunteer.id,
      expense_id: expense.id,
      name: 'receipt.jpg',
    });
    const [stored] = await ctx.db.select().from(files).where(eq(files.id, receipt.id));
    expect(stored).toMatchObject({ ephemeral: false, ownerUserId: volunteer.id });
    const other = await a.person([]);
    expect((await call(other, 'POST', url, { file_id: receipt.id })).statusCode).toBe(403);
    const someoneElse = await createUser(ctx.db, a.id);
    const theirExpense = await createExpense(ctx.db, a.id, someoneElse.id, type.id);
    expect(
      (await call(staff, 'POST', `/api/users/${volunteer.id}/expenses/${theirExpense.id}/attachments`, { file_id: receipt.id }))
        .statusCode,
    ).toBe(404);
  });
});
