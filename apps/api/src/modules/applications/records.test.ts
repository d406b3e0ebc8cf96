import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { format, addDays, subDays } from 'date-fns';
import { applicationRecordMessages, applicationRecordResponseSchema } from '@muster/contract';
import { applications, residentialBookings } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createMotivationRow } from '../../test/factories/catalogue.js';
import { createOpportunity, createTeam } from '../../test/factories/opportunity.js';
import { createBooking } from '../../test/factories/residential.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * The catalogue's `opportunities.apply` show, update and delete (issue 11): one application by id
 * under its opportunity, for its applicant and the organisation's staff.
 */

let ctx: TestContext;
let tenant: Tenant;
let elsewhere: Tenant;
let applicant: Caller;
let stranger: Caller;
let viewer: Caller;
let manager: Caller;
let outsider: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.app);
  elsewhere = await createTenant(ctx.app);
  applicant = await tenant.person();
  stranger = await tenant.person();
  viewer = await tenant.person(['view-applications']);
  manager = await tenant.person(['view-applications', 'manage-applications']);
  outsider = await elsewhere.person(['view-applications', 'manage-applications']);
});
afterAll(() => ctx.close());

async function applied(
  status: 'pending' | 'submitted' | 'accepted' | 'declined' | 'withdrawn' = 'submitted',
) {
  const opportunity = await createOpportunity(ctx.db, tenant.id);
  const application = await createApplication(ctx.db, tenant.id, {
    opportunityId: opportunity.id,
    userId: applicant.id,
    status,
    why: 'I like beaches',
  });
  return { opportunity, application, url: `/api/opportunities/${opportunity.slug}/apply/${application.id}` };
}

async function stored(id: number) {
  const [row] = await ctx.db.select().from(applications).where(eq(applications.id, id));
  return row;
}

describe('GET /api/opportunities/{id}/apply/{applicationId} (show)', () => {
  it('shows the application to its applicant and to view-applications', async () => {
    const { application, url, opportunity } = await applied();
    for (const caller of [applicant, viewer]) {
      const response = await callAs(ctx.app, caller.headers, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(applicationRecordResponseSchema.parse(response.json()).data).toMatchObject({
        id: application.id,
        opportunity_id: opportunity.id,
        user_id: applicant.id,
        status: 'submitted',
        editable: true,
        why: 'I like beaches',
      });
    }
  });

  it('answers 401 anonymous, 403 to someone else, 404 across organisations and opportunities', async () => {
    const { application, url } = await applied();
    const other = await createOpportunity(ctx.db, tenant.id);
    expect((await callAs(ctx.app, tenant.anonymous, 'GET', url)).statusCode).toBe(401);
    expect((await callAs(ctx.app, stranger.headers, 'GET', url)).statusCode).toBe(403);
    expect((await callAs(ctx.app, outsider.headers, 'GET', url)).statusCode).toBe(404);
    const wrongParent = await callAs(
      ctx.app,
      applicant.headers,
      'GET',
      `/api/opportunities/${other.id}/apply/${application.id}`,
    );
    expect(wrongParent.statusCode).toBe(404);
    expect(wrongParent.json()).toEqual({ message: applicationRecordMessages.notFound });
    expect(
      (await callAs(ctx.app, applicant.headers, 'GET', `/api/opportunities/${other.id}/apply/abc`))
        .statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/opportunities/{id}/apply/{applicationId} (update)', () => {
  it('lets the applicant change their answers while it is undecided', async () => {
    const { application, url } = await applied('pending');
    const motivation = await createMotivationRow(ctx.db, tenant.id);
    const response = await callAs(ctx.app, applicant.headers, 'PUT', url, {
      why: 'To help',
      motivation_id: motivation.id,
      special_requirements_bool: true,
      special_requirements: 'Step-free access',
      right_to_volunteer: 'yes',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { why: 'To help', motivation_id: motivation.id, status: 'pending' },
    });
    expect(await stored(application.id)).toMatchObject({
      why: 'To help',
      motivationId: motivation.id,
      specialRequirementsBool: true,
      specialRequirements: 'Step-free access',
      rightToVolunteer: 'yes',
    });
  });

  it('lets manage-applications decide, and only them', async () => {
    const { application, url } = await applied();
    const byApplicant = await callAs(ctx.app, applicant.headers, 'PUT', url, { status: 'accepted' });
    expect(byApplicant.statusCode).toBe(403);
    expect(byApplicant.json()).toEqual({ message: applicationRecordMessages.statusNotYours });
    expect((await callAs(ctx.app, viewer.headers, 'PUT', url, { status: 'accepted' })).statusCode).toBe(403);
    const byManager = await callAs(ctx.app, manager.headers, 'PUT', url, { status: 'accepted' });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toMatchObject({ data: { status: 'accepted', editable: false } });
    expect((await stored(application.id))?.status).toBe('accepted');
    const answers = await callAs(ctx.app, manager.headers, 'PUT', url, { why: 'Rewritten' });
    expect(answers.statusCode).toBe(403);
    expect(answers.json()).toEqual({ message: applicationRecordMessages.answersNotYours });
  });

  it('answers 409 to the applicant once decided; 422 for bad input and an unknown motivation', async () => {
    const decided = await applied('accepted');
    const late = await callAs(ctx.app, applicant.headers, 'PUT', decided.url, { why: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: applicationRecordMessages.notEditable });
    expect((await stored(decided.application.id))?.why).toBe('I like beaches');

    const open = await applied();
    const foreign = await createMotivationRow(ctx.db, elsewhere.id);
    const unknown = await callAs(ctx.app, applicant.headers, 'PUT', open.url, { motivation_id: foreign.id });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      errors: { motivation_id: [applicationRecordMessages.unknownMotivation] },
    });
    const bad = await callAs(ctx.app, applicant.headers, 'PUT', open.url, {
      status: 'withdrawn',
      why: 'x'.repeat(10_001),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['status', 'why']);
  });

  it('answers 401 and 403 before validating, and 404 across organisations', async () => {
    const { application, url } = await applied();
    expect((await callAs(ctx.app, tenant.anonymous, 'PUT', url, { why: 1 })).statusCode).toBe(401);
    expect((await callAs(ctx.app, stranger.headers, 'PUT', url, { why: 'Mine now' })).statusCode).toBe(403);
    expect((await callAs(ctx.app, outsider.headers, 'PUT', url, { status: 'declined' })).statusCode).toBe(
      404,
    );
    expect((await stored(application.id))?.status).toBe('submitted');
  });
});

describe('DELETE /api/opportunities/{id}/apply/{applicationId} (withdraw)', () => {
  it('withdraws for the applicant, keeps the row, and frees stays that have not begun', async () => {
    const { application, url } = await applied();
    const team = await createTeam(ctx.db, tenant.id);
    const today = new Date();
    const upcoming = await createBooking(ctx.db, tenant.id, {
      userId: applicant.id,
      teamId: team.id,
      applicationId: application.id,
      startDate: format(addDays(today, 10), 'yyyy-MM-dd'),
      endDate: format(addDays(today, 17), 'yyyy-MM-dd'),
    });
    const past = await createBooking(ctx.db, tenant.id, {
      userId: applicant.id,
      teamId: team.id,
      applicationId: application.id,
      status: 'confirmed',
      startDate: format(subDays(today, 20), 'yyyy-MM-dd'),
      endDate: format(subDays(today, 13), 'yyyy-MM-dd'),
    });
    const response = await callAs(ctx.app, applicant.headers, 'DELETE', url);
    expect(response.statusCode).toBe(204);
    expect(await stored(application.id)).toMatchObject({ status: 'withdrawn', active: false });
    const bookings = await ctx.db
      .select({
        id: residentialBookings.id,
        status: residentialBookings.status,
        by: residentialBookings.cancelledByUserId,
      })
      .from(residentialBookings)
      .where(eq(residentialBookings.applicationId, application.id));
    expect(bookings).toEqual(
      expect.arrayContaining([
        { id: upcoming.id, status: 'cancelled', by: applicant.id },
        { id: past.id, status: 'confirmed', by: null },
      ]),
    );
    expect((await callAs(ctx.app, applicant.headers, 'DELETE', url)).statusCode).toBe(204);
    const shown = await callAs(ctx.app, applicant.headers, 'GET', url);
    expect(shown.json()).toMatchObject({ data: { status: 'withdrawn', editable: false } });
  });

  it('lets manage-applications withdraw for the applicant; 409 for a declined application', async () => {
    const { application, url } = await applied();
    expect((await callAs(ctx.app, manager.headers, 'DELETE', url)).statusCode).toBe(204);
    expect((await stored(application.id))?.status).toBe('withdrawn');
    const declined = await applied('declined');
    const refused = await callAs(ctx.app, applicant.headers, 'DELETE', declined.url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: applicationRecordMessages.declined });
  });

  it('answers 401, 403 (view-applications is not enough), 404 across organisations', async () => {
    const { application, url } = await applied();
    expect((await callAs(ctx.app, tenant.anonymous, 'DELETE', url)).statusCode).toBe(401);
    expect((await callAs(ctx.app, viewer.headers, 'DELETE', url)).statusCode).toBe(403);
    expect((await callAs(ctx.app, outsider.headers, 'DELETE', url)).statusCode).toBe(404);
    expect((await stored(application.id))?.status).toBe('submitted');
  });
});
