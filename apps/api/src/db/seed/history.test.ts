import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';
import type { Database } from '../client.js';
import {
  activities,
  activityParticipants,
  applications,
  claims,
  demoHistories,
  expenses,
  hubDocumentViews,
  inductionModules,
  leavingReasons,
  newsArticleReads,
  opportunities,
  residentialBookings,
  securityLog,
  touchpoints,
  userDiversityAnswers,
  userEmailAddresses,
  userInductions,
  userMemberships,
  userRoles,
  users,
  userSkills,
  vettingChecks,
} from '../schema/index.js';
import { DEMO_ACCOUNTS, seedDemo, type DemoSeedResult } from './demo.js';
import { USER_STATUS } from './reference-data.js';
import { loadHistoryLookups, planDemoHistory, seedDemoHistory, type DemoHistoryResult } from './history.js';
import { addMonths, dayOf } from './history-random.js';

const TODAY = new Date('2026-05-01T00:00:00Z');
const TODAY_ISO = '2026-05-01';
/** The history's first day: three years back, the day after. */
const FROM_ISO = '2023-05-02';
const DAY_MS = 86_400_000;

let db: Database;
let drop: () => Promise<void>;
/** Where the history stores its hub documents' files: a directory of this file's own. */
let filesDirectory: string;
let demo: DemoSeedResult;
let other: TestOrganisation;
let result: DemoHistoryResult;
/** Users of the demo organisation before the history, and those it added. */
let demoUserIds: number[];
let historyUserIds: number[];
/** What the demo's own people had before the history. */
let demoPeopleBefore: { applications: number; bookings: number; roles: number; emails: string[] };
let countsAfter: Record<string, number>;

/** Rows of the tables the history writes, for the idempotency check. */
const COUNTED = {
  users,
  userMemberships,
  userRoles,
  applications,
  residentialBookings,
  userInductions,
  userSkills,
  vettingChecks,
  claims,
  expenses,
  touchpoints,
  securityLog,
  activities,
  activityParticipants,
  newsArticleReads,
  hubDocumentViews,
  userDiversityAnswers,
} as const;

async function countAll(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED)) {
    counts[name] = await db.$count(table);
  }
  return counts;
}

async function demoPeopleState(userIds: number[]) {
  return {
    applications: await db.$count(applications, inArray(applications.userId, userIds)),
    bookings: await db.$count(residentialBookings, inArray(residentialBookings.userId, userIds)),
    roles: await db.$count(userRoles, inArray(userRoles.userId, userIds)),
    emails: (
      await db
        .select({ email: userEmailAddresses.email })
        .from(userEmailAddresses)
        .where(inArray(userEmailAddresses.userId, userIds))
    )
      .map((row) => row.email)
      .sort(),
  };
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.database.db;
  drop = created.drop;
  other = await createOrganisation(db);
  demo = await seedDemo(db, { today: TODAY });
  demoUserIds = (
    await db.select({ id: users.id }).from(users).where(eq(users.organisationId, demo.organisationId))
  ).map((row) => row.id);
  demoPeopleBefore = await demoPeopleState(demoUserIds);
  filesDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-history-files-'));
  result = await seedDemoHistory(db, {
    organisationId: demo.organisationId,
    today: TODAY,
    volunteers: 2000,
    filesDirectory,
  });
  historyUserIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organisationId, demo.organisationId), notInArray(users.id, demoUserIds)))
  ).map((row) => row.id);
  countsAfter = await countAll();
}, 240_000);
afterAll(async () => {
  await drop?.();
  if (filesDirectory) {
    fs.rmSync(filesDirectory, { recursive: true, force: true });
  }
});

describe('the demo history', () => {
  it('adds about 2,000 volunteers over three years, joining in every month and a quarter leaving a year', async () => {
    expect(result.created).toBe(true);
    const periods = await db
      .select()
      .from(userMemberships)
      .where(eq(userMemberships.organisationId, demo.organisationId));
    const history = new Set(historyUserIds);
    const inWindow = periods.filter(
      (period) =>
        history.has(period.userId) &&
        period.joinedOn <= TODAY_ISO &&
        (period.leftOn === null || period.leftOn >= FROM_ISO),
    );
    expect(new Set(inWindow.map((period) => period.userId)).size).toBe(2000);
    // People who applied and were never taken on are not volunteers.
    expect(historyUserIds.length).toBeGreaterThan(2000);

    const joinersByMonth = new Map<string, number>();
    for (const period of periods.filter((row) => row.joinedOn >= FROM_ISO)) {
      const month = period.joinedOn.slice(0, 7);
      joinersByMonth.set(month, (joinersByMonth.get(month) ?? 0) + 1);
    }
    for (
      let month = new Date('2023-05-15T00:00:00Z');
      isoOf(month) < TODAY_ISO;
      month = new Date(month.getTime() + 31 * DAY_MS)
    ) {
      expect(joinersByMonth.get(isoOf(month).slice(0, 7)) ?? 0, isoOf(month)).toBeGreaterThan(5);
    }
    const ofCalendarMonth = (mm: string) =>
      [...joinersByMonth].filter(([month]) => month.endsWith(`-${mm}`)).reduce((sum, [, n]) => sum + n, 0);
    expect(ofCalendarMonth('09')).toBeGreaterThan(ofCalendarMonth('12') * 2);
    expect(ofCalendarMonth('04')).toBeGreaterThan(ofCalendarMonth('12') * 2);

    // Of the people volunteering a year ago, about a quarter have left since.
    const yearAgo = '2025-05-01';
    const then = periods.filter(
      (period) => period.joinedOn <= yearAgo && (period.leftOn === null || period.leftOn > yearAgo),
    );
    const leftSince = then.filter((period) => period.leftOn !== null && period.leftOn <= TODAY_ISO);
    expect(leftSince.length / then.length).toBeGreaterThan(0.15);
    expect(leftSince.length / then.length).toBeLessThan(0.4);

    // Someone who is still volunteering is active; someone who left (and did not return) has left.
    const statuses = new Map(
      (await db.select({ id: users.id, statusId: users.statusId }).from(users)).map((row) => [
        row.id,
        row.statusId,
      ]),
    );
    const current = new Set(
      periods.filter((period) => period.leftOn === null).map((period) => period.userId),
    );
    for (const userId of current) {
      expect([USER_STATUS.active, USER_STATUS.inactive]).toContain(statuses.get(userId));
    }
    const gone = new Set(
      periods.filter((period) => !current.has(period.userId)).map((period) => period.userId),
    );
    expect([...gone].every((userId) => statuses.get(userId) === USER_STATUS.left)).toBe(true);
  });

  it('puts most people in one team and role, across the teams, ending roles when people leave', async () => {
    const roles = await db.select().from(userRoles).where(inArray(userRoles.userId, historyUserIds));
    const periods = await db
      .select()
      .from(userMemberships)
      .where(inArray(userMemberships.userId, historyUserIds));
    const rolesByUser = new Map<number, number>();
    for (const role of roles) {
      rolesByUser.set(role.userId, (rolesByUser.get(role.userId) ?? 0) + 1);
    }
    const periodsByUser = new Map<number, number>();
    for (const period of periods) {
      periodsByUser.set(period.userId, (periodsByUser.get(period.userId) ?? 0) + 1);
    }
    const oneRoleAPeriod = [...periodsByUser].filter(([userId, n]) => rolesByUser.get(userId) === n).length;
    expect(oneRoleAPeriod / periodsByUser.size).toBeGreaterThan(0.75);
    expect(new Set(roles.map((role) => role.teamId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(roles.map((role) => role.roleProfileId)).size).toBeGreaterThanOrEqual(3);
    // A leaver holds no role past the day they left.
    const lastLeft = new Map<number, string | null>();
    for (const period of [...periods].sort((a, b) => a.joinedOn.localeCompare(b.joinedOn))) {
      lastLeft.set(period.userId, period.leftOn);
    }
    for (const role of roles) {
      const left = lastLeft.get(role.userId);
      if (left) {
        expect(role.endDate !== null && role.endDate <= left).toBe(true);
      }
    }
  });

  it('records why people left, the commonest reasons most often', async () => {
    const reasons = await db
      .select()
      .from(leavingReasons)
      .where(eq(leavingReasons.organisationId, demo.organisationId));
    const leaves = (
      await db.select().from(userMemberships).where(eq(userMemberships.organisationId, demo.organisationId))
    ).filter((period) => period.leftOn !== null);
    expect(leaves.length).toBeGreaterThan(500);
    const withReason = leaves.filter((period) => period.leavingReasonId !== null);
    expect(withReason.length / leaves.length).toBeGreaterThan(0.85);
    const byReason = new Map(
      reasons.map((reason) => [
        reason.name,
        withReason.filter((period) => period.leavingReasonId === reason.id).length,
      ]),
    );
    for (const reason of reasons) {
      expect(byReason.get(reason.name), reason.name).toBeGreaterThan(0);
    }
    const commonest = [...byReason].sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(commonest).toBe('Work or study commitments');
  });

  it('completes inductions soon after joining, with some since lapsed', async () => {
    const modules = await db
      .select()
      .from(inductionModules)
      .where(eq(inductionModules.organisationId, demo.organisationId));
    const inductions = await db
      .select()
      .from(userInductions)
      .where(inArray(userInductions.userId, historyUserIds));
    const firstJoined = new Map<number, string>();
    for (const period of await db
      .select()
      .from(userMemberships)
      .where(inArray(userMemberships.userId, historyUserIds))) {
      const known = firstJoined.get(period.userId);
      firstJoined.set(period.userId, known && known < period.joinedOn ? known : period.joinedOn);
    }
    const welcome = modules.find((module) => module.validityMonths === null && module.compulsory);
    const fire = modules.find((module) => module.validityMonths === 12);
    const completedWelcome = inductions.filter(
      (row) => row.moduleId === welcome?.id && row.status === 'completed',
    );
    expect(completedWelcome.length / firstJoined.size).toBeGreaterThan(0.7);
    const delays = completedWelcome
      .map((row) => daysBetween(firstJoined.get(row.userId) ?? '', (row.completedAt ?? '').slice(0, 10)))
      .sort((a, b) => a - b);
    expect(delays[Math.floor(delays.length / 2)]).toBeLessThanOrEqual(14);
    const fireDone = inductions.filter((row) => row.moduleId === fire?.id && row.status === 'completed');
    expect(fireDone.some((row) => (row.expiresOn ?? '') < TODAY_ISO)).toBe(true);
    expect(fireDone.some((row) => (row.expiresOn ?? '') >= TODAY_ISO)).toBe(true);
    expect(inductions.some((row) => row.status !== 'completed')).toBe(true);
  });

  it('has a minority claiming expenses most months, older claims decided and paid', async () => {
    const claimRows = await db.select().from(claims).where(inArray(claims.userId, historyUserIds));
    const expenseRows = await db.select().from(expenses).where(inArray(expenses.userId, historyUserIds));
    const claimants = new Set(claimRows.map((claim) => claim.userId)).size;
    expect(claimants / 2000).toBeGreaterThan(0.05);
    expect(claimants / 2000).toBeLessThan(0.25);
    const months = new Set(claimRows.map((claim) => claim.submittedAt.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(34);
    const statuses = new Set(claimRows.map((claim) => claim.status));
    expect([...statuses].sort()).toEqual(['approved', 'paid', 'rejected', 'submitted']);
    const claimOf = new Map(claimRows.map((claim) => [claim.id, claim]));
    for (const expense of expenseRows) {
      const claim = expense.claimId === null ? undefined : claimOf.get(expense.claimId);
      expect(expense.amountPence).toBeGreaterThan(0);
      expect(expense.status).toBe(
        claim === undefined ? 'pending' : claim.status === 'submitted' ? 'pending' : claim.status,
      );
    }
    const paid = claimRows.filter((claim) => claim.status === 'paid');
    expect(
      paid.every(
        (claim) => claim.paidAt !== null && claim.decidedAt !== null && claim.decidedAt >= claim.submittedAt,
      ),
    ).toBe(true);
  });

  it('has current volunteers signing in more often than anyone else, and nobody after leaving', async () => {
    const signIns = await db
      .select({ userId: securityLog.userId, createdAt: securityLog.createdAt })
      .from(securityLog)
      .where(
        and(
          eq(securityLog.event, 'sign_in'),
          eq(securityLog.outcome, 'success'),
          inArray(securityLog.userId, historyUserIds),
        ),
      );
    expect(signIns.length).toBeGreaterThan(5000);
    const periods = await db
      .select()
      .from(userMemberships)
      .where(inArray(userMemberships.userId, historyUserIds));
    const current = new Set(
      periods.filter((period) => period.leftOn === null).map((period) => period.userId),
    );
    const lastLeft = new Map<number, string>();
    for (const period of periods) {
      if (
        !current.has(period.userId) &&
        period.leftOn !== null &&
        (lastLeft.get(period.userId) ?? '') < period.leftOn
      ) {
        lastLeft.set(period.userId, period.leftOn);
      }
    }
    const lastYear = new Date(TODAY.getTime() - 365 * DAY_MS);
    const recent = signIns.filter((row) => row.createdAt >= lastYear);
    const perCurrent =
      recent.filter((row) => row.userId !== null && current.has(row.userId)).length / current.size;
    const others = historyUserIds.length - current.size;
    const perOther = recent.filter((row) => row.userId !== null && !current.has(row.userId)).length / others;
    expect(perCurrent).toBeGreaterThan(3);
    expect(perCurrent).toBeGreaterThan(perOther * 3);
    for (const row of signIns) {
      const left = row.userId === null ? undefined : lastLeft.get(row.userId);
      if (left !== undefined) {
        expect(isoOf(row.createdAt) <= left).toBe(true);
      }
    }
  });

  it('adds applications to the demo opportunities, past stays, vetting, skills, touchpoints, activities, news, hub views and diversity answers', async () => {
    const opportunityIds = new Set(
      (
        await db
          .select({ id: opportunities.id })
          .from(opportunities)
          .where(eq(opportunities.organisationId, demo.organisationId))
      ).map((row) => row.id),
    );
    const applicationRows = await db
      .select()
      .from(applications)
      .where(inArray(applications.userId, historyUserIds));
    expect(applicationRows.length).toBeGreaterThan(2000);
    expect(applicationRows.every((row) => opportunityIds.has(row.opportunityId))).toBe(true);
    expect(new Set(applicationRows.map((row) => row.status))).toEqual(
      new Set(['accepted', 'declined', 'withdrawn', 'submitted']),
    );

    const bookings = await db
      .select()
      .from(residentialBookings)
      .where(inArray(residentialBookings.userId, historyUserIds));
    expect(bookings.length).toBeGreaterThan(100);
    // Every stay is over: none takes a night the demo offers.
    expect(bookings.every((row) => row.endDate < TODAY_ISO)).toBe(true);

    const vetting = await db
      .select()
      .from(vettingChecks)
      .where(inArray(vettingChecks.userId, historyUserIds));
    expect(new Set(vetting.map((row) => row.status)).has('cleared')).toBe(true);
    expect(vetting.some((row) => row.expiresOn !== null && row.expiresOn < TODAY_ISO)).toBe(true);
    expect(await db.$count(userSkills, inArray(userSkills.userId, historyUserIds))).toBeGreaterThan(500);
    expect(await db.$count(touchpoints, inArray(touchpoints.userId, historyUserIds))).toBeGreaterThan(1000);
    expect(
      await db.$count(userDiversityAnswers, inArray(userDiversityAnswers.userId, historyUserIds)),
    ).toBeGreaterThan(1000);
    expect(
      await db.$count(newsArticleReads, inArray(newsArticleReads.userId, historyUserIds)),
    ).toBeGreaterThan(1000);
    expect(
      await db.$count(hubDocumentViews, inArray(hubDocumentViews.userId, historyUserIds)),
    ).toBeGreaterThan(500);

    // Activities ran through the three years, and some are still to come, nobody's attendance known yet.
    const activityRows = await db
      .select()
      .from(activities)
      .where(eq(activities.organisationId, demo.organisationId));
    const upcoming = activityRows.filter((row) => row.startsAt > TODAY.toISOString());
    expect(upcoming.length).toBeGreaterThan(5);
    expect(new Set(activityRows.map((row) => row.startsAt.slice(0, 4)))).toEqual(
      new Set(['2023', '2024', '2025', '2026']),
    );
    const participants = await db
      .select()
      .from(activityParticipants)
      .where(eq(activityParticipants.organisationId, demo.organisationId));
    const upcomingIds = new Set(upcoming.map((row) => row.id));
    expect(
      participants.filter((row) => upcomingIds.has(row.activityId)).every((row) => row.attended === null),
    ).toBe(true);
    // People take part in their own team's activities, on a day they hold a role there.
    const activityOf = new Map(activityRows.map((row) => [row.id, row]));
    const roles = await db.select().from(userRoles).where(inArray(userRoles.userId, historyUserIds));
    for (const participant of participants.slice(0, 500)) {
      const activity = activityOf.get(participant.activityId);
      const day = activity?.startsAt.slice(0, 10) ?? '';
      const holds = roles.some(
        (role) =>
          role.userId === participant.userId &&
          role.teamId === activity?.teamId &&
          isoOf(role.createdAt) <= day &&
          (role.endDate === null || role.endDate >= day),
      );
      expect(holds).toBe(true);
    }
  });

  it('writes every row for the demo organisation and its own people', async () => {
    const tables = [
      userMemberships,
      userRoles,
      applications,
      residentialBookings,
      userInductions,
      userSkills,
      vettingChecks,
      claims,
      expenses,
      touchpoints,
      activityParticipants,
      newsArticleReads,
      hubDocumentViews,
      userDiversityAnswers,
    ];
    for (const table of tables) {
      expect(await db.$count(table, eq(table.organisationId, other.id))).toBe(0);
      const strays = await db
        .select({ id: users.id })
        .from(table)
        .innerJoin(users, eq(users.id, table.userId))
        .where(
          sql`${users.organisationId} <> ${table.organisationId} or ${table.organisationId} <> ${demo.organisationId}`,
        );
      expect(strays).toEqual([]);
    }
    expect(
      await db.$count(
        securityLog,
        and(
          inArray(securityLog.userId, historyUserIds),
          sql`${securityLog.organisationId} is distinct from ${demo.organisationId}`,
        ),
      ),
    ).toBe(0);
    expect(await db.$count(activities, eq(activities.organisationId, other.id))).toBe(0);
  });

  it('leaves the demo’s own people and accounts as they were', async () => {
    expect(await demoPeopleState(demoUserIds)).toEqual(demoPeopleBefore);
    expect(demoPeopleBefore.emails).toEqual(expect.arrayContaining(Object.values(DEMO_ACCOUNTS)));
  });

  it('adds nothing when run again', async () => {
    const stored = fs.readdirSync(filesDirectory).sort();
    const again = await seedDemoHistory(db, {
      organisationId: demo.organisationId,
      today: TODAY,
      volunteers: 2000,
      filesDirectory,
    });
    expect(again.created).toBe(false);
    expect(fs.readdirSync(filesDirectory).sort()).toEqual(stored);
    expect(await countAll()).toEqual(countsAfter);
    expect(await db.$count(demoHistories, eq(demoHistories.organisationId, demo.organisationId))).toBe(1);
  });

  it('draws the same history from the same seed, and another from another', async () => {
    const lookups = await loadHistoryLookups(db, demo.organisationId);
    const today = dayOf(TODAY);
    const options = { volunteers: 120, from: addMonths(today, -36) + 1, today };
    const fingerprint = (seed: number) => {
      const { people, records, community } = planDemoHistory(lookups, { ...options, seed });
      return JSON.stringify({
        people: people.map((person) => [
          person.firstName,
          person.lastName,
          person.dob,
          person.email,
          person.statusId,
          person.periods.map((period) => [
            period.joined,
            period.left,
            period.leavingReasonId,
            period.roles.length,
          ]),
        ]),
        signIns: records.signIns.map((row) => row.createdAt),
        claims: records.claims.map((row) => [row.title, row.status, row.submittedAt]),
        expenses: records.expenses.map((row) => [row.amountPence, row.spentOn]),
        activities: community.activities.map((row) => [row.title, row.startsAt, row.outcomeId]),
        reads: community.reads.length,
      });
    };
    expect(fingerprint(7)).toBe(fingerprint(7));
    expect(fingerprint(8)).not.toBe(fingerprint(7));
  });
});
