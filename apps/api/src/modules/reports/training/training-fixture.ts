import { eq } from 'drizzle-orm';
import { organisations, userRoles } from '../../../db/schema/index.js';
import type { TestContext } from '../../../test/context.js';
import { createRoleProfile, createTeam } from '../../../test/factories/opportunity.js';
import { createInductionModule, createUserInduction } from '../../../test/factories/people-work.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * The hand-built organisation the training report tests read: modules compulsory or not (one
 * retired), people whose roles start and end on the period edges, completions that lapse on an
 * edge day or fall on the next day in the organisation's calendar, and another organisation.
 * Everything is also kept here in plain data, with the rules worked out in plain code, so that
 * the tests never lean on the reports' SQL.
 */

type TeamName = 'north' | 'south';
export type PlainRole = { team: TeamName; role: 'volunteer' | 'trainer'; from: string; until: string | null };
export type PlainPerson = { id: number; name: string; roles: PlainRole[] };
export type PlainModule = {
  id: number;
  name: string;
  compulsory: boolean;
  active: boolean;
  validity: number | null;
};
export type PlainInduction = {
  user: number;
  module: number;
  status: 'not_started' | 'in_progress' | 'completed';
  completedAt: string | null;
  expiresOn: string | null;
};
export type Standing = 'valid' | 'expired' | 'in_progress' | 'outstanding';

export type TrainingFixture = {
  a: Tenant;
  reader: Caller;
  nobody: Caller;
  otherReader: Caller;
  team: Record<TeamName, number>;
  role: { volunteer: number; trainer: number };
  people: PlainPerson[];
  /** In the organisation's order (`position`). */
  modules: PlainModule[];
  inductions: PlainInduction[];
};

/** The organisation's time zone: the calendar completion days are read in. */
export const ZONE = 'Europe/London';

/** The day an instant falls on in the organisation's calendar, worked out by `Intl`. */
export function localDay(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** Builds the organisation (and another one) and answers it with its data in plain form. */
export async function buildTrainingFixture(ctx: TestContext): Promise<TrainingFixture> {
  const a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  const [organisation] = await ctx.db.select().from(organisations).where(eq(organisations.id, a.id));
  if (organisation?.timezone !== ZONE) {
    throw new Error(`The test organisation keeps its days in ${organisation?.timezone}, not ${ZONE}.`);
  }
  const reader = await a.person(['view-reports']);
  const nobody = await a.person([]);
  const otherReader = await b.person(['view-reports']);
  const team = {
    north: (await createTeam(ctx.db, a.id, 'North')).id,
    south: (await createTeam(ctx.db, a.id, 'South')).id,
  };
  const role = {
    volunteer: (await createRoleProfile(ctx.db, a.id, { displayName: 'Volunteer' })).id,
    trainer: (await createRoleProfile(ctx.db, a.id, { displayName: 'Trainer' })).id,
  };

  const modules: PlainModule[] = [];
  const module = async (name: string, compulsory: boolean, validity: number | null, active = true) => {
    const row = await createInductionModule(ctx.db, a.id, {
      name,
      compulsory,
      validityMonths: validity,
      active,
      position: modules.length,
    });
    modules.push({ id: row.id, name, compulsory, active, validity });
    return row.id;
  };
  const fire = await module('Fire safety', true, 12);
  const safeguarding = await module('Safeguarding', true, null);
  const firstAid = await module('First aid', false, 36);
  const retired = await module('Old induction', true, null, false);
  await module('Radio', false, null);

  const people: PlainPerson[] = [];
  const person = async (firstName: string, lastName: string, roles: PlainRole[]) => {
    const user = await createUser(ctx.db, a.id, { firstName, lastName });
    for (const held of roles) {
      await ctx.db.insert(userRoles).values({
        organisationId: a.id,
        userId: user.id,
        teamId: team[held.team],
        roleProfileId: role[held.role],
        endDate: held.until,
        createdAt: new Date(`${held.from}T09:00:00Z`),
      });
    }
    people.push({ id: user.id, name: `${firstName} ${lastName}`, roles });
    return user.id;
  };
  const ann = await person('Ann', 'Archer', [
    { team: 'north', role: 'volunteer', from: '2025-01-01', until: null },
  ]);
  // Ben's role ends on 30 June; Cat's starts the next day.
  const ben = await person('Ben', 'Baker', [
    { team: 'south', role: 'volunteer', from: '2025-01-01', until: '2026-06-30' },
  ]);
  const cat = await person('Cat', 'Cooper', [
    { team: 'north', role: 'trainer', from: '2026-07-01', until: null },
  ]);
  const dan = await person('Dan', 'Dunn', []);

  const inductions: PlainInduction[] = [];
  const induction = async (
    user: number,
    moduleId: number,
    status: PlainInduction['status'],
    completedAt: string | null = null,
    expiresOn: string | null = null,
  ) => {
    await createUserInduction(ctx.db, a.id, user, moduleId, { status, completedAt, expiresOn });
    inductions.push({ user, module: moduleId, status, completedAt, expiresOn });
  };
  // Ann's fire safety lapses on 15 June 2026; her safeguarding was done on New Year's Eve.
  await induction(ann, fire, 'completed', '2025-06-15T10:00:00.000Z', '2026-06-15');
  await induction(ann, safeguarding, 'completed', '2025-12-31T23:30:00.000Z');
  await induction(ann, firstAid, 'in_progress');
  await induction(ann, retired, 'completed', '2025-02-01T10:00:00.000Z');
  await induction(ben, fire, 'completed', '2026-03-01T09:00:00.000Z', '2027-03-01');
  await induction(ben, safeguarding, 'not_started');
  // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time): a July completion.
  await induction(ben, firstAid, 'completed', '2026-06-30T23:30:00.000Z', '2029-07-01');
  await induction(cat, fire, 'completed', '2026-07-10T09:00:00.000Z', '2027-07-10');
  await induction(cat, firstAid, 'completed', '2026-01-10T09:00:00.000Z', '2029-01-10');
  await induction(dan, fire, 'completed', '2026-01-10T09:00:00.000Z', '2027-01-10');

  // Another organisation: a compulsory module its one person in post has completed.
  const otherTeam = await createTeam(ctx.db, b.id, 'North');
  const otherRole = await createRoleProfile(ctx.db, b.id, { displayName: 'Volunteer' });
  const otherModule = await createInductionModule(ctx.db, b.id, { name: 'Fire safety', compulsory: true });
  const stranger = await createUser(ctx.db, b.id, { firstName: 'Sam', lastName: 'Stranger' });
  await ctx.db.insert(userRoles).values({
    organisationId: b.id,
    userId: stranger.id,
    teamId: otherTeam.id,
    roleProfileId: otherRole.id,
    createdAt: new Date('2025-01-01T09:00:00Z'),
  });
  await createUserInduction(ctx.db, b.id, stranger.id, otherModule.id, {
    status: 'completed',
    completedAt: '2026-01-10T09:00:00.000Z',
  });

  return { a, reader, nobody, otherReader, team, role, people, modules, inductions };
}

/** People in post on `day`: holding a role that day (in one of `teams` when given). */
export function inPost(f: TrainingFixture, day: string, teams: TeamName[] = []): PlainPerson[] {
  return f.people.filter((person) =>
    person.roles.some(
      (held) =>
        held.from <= day &&
        (held.until === null || held.until >= day) &&
        (teams.length === 0 || teams.includes(held.team)),
    ),
  );
}

/** The active modules, in order. */
export function activeModules(f: TrainingFixture): PlainModule[] {
  return f.modules.filter((module) => module.active);
}

/** The person's induction in the module, if any. */
export function inductionOf(f: TrainingFixture, user: number, module: number): PlainInduction | undefined {
  return f.inductions.find((induction) => induction.user === user && induction.module === module);
}

/** The day it was completed, when it was completed by `day`. */
export function completedBy(induction: PlainInduction | undefined, day: string): string | null {
  if (!induction || induction.status !== 'completed' || !induction.completedAt) {
    return null;
  }
  const completed = localDay(induction.completedAt);
  return completed <= day ? completed : null;
}

/** Where the person stood with the module on `day`: lapsed on the expiry day itself. */
export function standingOn(induction: PlainInduction | undefined, day: string): Standing {
  if (completedBy(induction, day)) {
    return induction?.expiresOn && induction.expiresOn <= day ? 'expired' : 'valid';
  }
  return induction?.status === 'in_progress' ? 'in_progress' : 'outstanding';
}

/** Per cent to one decimal place, null of no one. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Number(((part / whole) * 100).toFixed(1));
}

/** The day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The answer's common shape. */
export type Answer<Row> = {
  data: Row[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};

/** GET a report as a caller. */
export function getAs(ctx: TestContext, caller: Caller | { host: string }, path: string, query: string) {
  return callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api${path}${query}`);
}
