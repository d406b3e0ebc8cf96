import { userRoles } from '../../../db/schema/index.js';
import type { TestContext } from '../../../test/context.js';
import { createRoleProfile, createTeam } from '../../../test/factories/opportunity.js';
import { createClaim, createExpense, createExpenseType } from '../../../test/factories/people-work.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * The hand-built organisation the expense report tests read: two teams, three claimants (one in
 * no team), claims at every standing, expenses on both sides of the period edges, and another
 * organisation whose money must never show. Each expense is also kept here in plain data, so
 * that the tests work out the right answers without the reports' SQL.
 */

export type ClaimStatusName = 'submitted' | 'approved' | 'rejected' | 'paid';
export type PlainClaim = {
  id: number;
  title: string;
  user: number;
  status: ClaimStatusName;
  submittedAt: string;
  decidedAt: string | null;
  paidAt: string | null;
};
export type PlainExpense = {
  user: number;
  claim: number | null;
  type: number;
  amount: number;
  spentOn: string;
  status: 'pending' | 'approved' | 'rejected' | 'paid';
};
export type PlainPerson = { id: number; name: string; teams: string[] };

export type ExpenseFixture = {
  a: Tenant;
  reader: Caller;
  nobody: Caller;
  otherReader: Caller;
  team: { north: number; south: number };
  role: { driver: number };
  type: { travel: number; meals: number; parking: number; retired: number };
  typeNames: Record<number, string>;
  typeActive: Record<number, boolean>;
  people: PlainPerson[];
  claims: PlainClaim[];
  expenses: PlainExpense[];
};

const EXPENSE_STATUS = {
  submitted: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  paid: 'paid',
} as const;

/** Builds the organisation (and another one) and answers it with its data in plain form. */
export async function buildExpenseFixture(ctx: TestContext): Promise<ExpenseFixture> {
  const a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  const reader = await a.person(['view-reports']);
  const nobody = await a.person([]);
  const otherReader = await b.person(['view-reports']);
  const team = {
    north: (await createTeam(ctx.db, a.id, 'North')).id,
    south: (await createTeam(ctx.db, a.id, 'South')).id,
  };
  const role = { driver: (await createRoleProfile(ctx.db, a.id, { displayName: 'Driver' })).id };
  const type = {
    travel: (await createExpenseType(ctx.db, a.id, { name: 'Travel' })).id,
    meals: (await createExpenseType(ctx.db, a.id, { name: 'Meals' })).id,
    parking: (await createExpenseType(ctx.db, a.id, { name: 'Parking' })).id,
    retired: (await createExpenseType(ctx.db, a.id, { name: 'Postage', active: false })).id,
  };
  const typeNames = {
    [type.travel]: 'Travel',
    [type.meals]: 'Meals',
    [type.parking]: 'Parking',
    [type.retired]: 'Postage',
  };
  const typeActive = { [type.travel]: true, [type.meals]: true, [type.parking]: true, [type.retired]: false };

  const people: PlainPerson[] = [];
  const person = async (
    firstName: string,
    lastName: string,
    teams: ('north' | 'south')[],
    preferredName?: string,
  ) => {
    const user = await createUser(ctx.db, a.id, {
      firstName,
      lastName,
      ...(preferredName ? { preferredName } : {}),
    });
    for (const name of teams) {
      await ctx.db.insert(userRoles).values({
        organisationId: a.id,
        userId: user.id,
        teamId: team[name],
        roleProfileId: role.driver,
        createdAt: new Date('2025-01-01T09:00:00Z'),
      });
    }
    people.push({ id: user.id, name: `${preferredName ?? firstName} ${lastName}`, teams });
    return user.id;
  };
  const ada = await person('Adaline', 'North', ['north'], 'Ada');
  const bea = await person('Bea', 'South', ['south']);
  const cal = await person('Cal', 'Nowhere', []);

  const claims: PlainClaim[] = [];
  const expenses: PlainExpense[] = [];
  const claim = async (
    user: number,
    status: ClaimStatusName,
    submittedAt: string,
    items: { type: number; amount: number; spentOn: string }[],
  ) => {
    const decidedAt = status === 'submitted' ? null : '2026-07-02T10:00:00.000Z';
    const paidAt = status === 'paid' ? '2026-07-03T10:00:00.000Z' : null;
    const row = await createClaim(ctx.db, a.id, user, { status, submittedAt, decidedAt, paidAt });
    claims.push({ id: row.id, title: row.title, user, status, submittedAt, decidedAt, paidAt });
    for (const item of items) {
      const expenseStatus = EXPENSE_STATUS[status];
      await createExpense(ctx.db, a.id, user, item.type, {
        claimId: row.id,
        amountPence: item.amount,
        spentOn: item.spentOn,
        status: expenseStatus,
      });
      expenses.push({ user, claim: row.id, ...item, status: expenseStatus });
    }
  };
  const loose = async (user: number, item: { type: number; amount: number; spentOn: string }) => {
    await createExpense(ctx.db, a.id, user, item.type, { amountPence: item.amount, spentOn: item.spentOn });
    expenses.push({ user, claim: null, ...item, status: 'pending' });
  };

  // Ada's waiting claim straddles the start of 2026: one expense on 31 December, one on 1 January.
  await claim(ada, 'submitted', '2026-01-05T09:00:00.000Z', [
    { type: type.travel, amount: 1000, spentOn: '2026-01-01' },
    { type: type.travel, amount: 500, spentOn: '2025-12-31' },
  ]);
  await claim(ada, 'approved', '2026-03-20T09:00:00.000Z', [
    { type: type.travel, amount: 2000, spentOn: '2026-03-15' },
    { type: type.meals, amount: 345, spentOn: '2026-03-16' },
  ]);
  // Bea's paid claim straddles the end of June: 30 June and 1 July.
  await claim(bea, 'paid', '2026-07-01T12:00:00.000Z', [
    { type: type.travel, amount: 3000, spentOn: '2026-06-30' },
    { type: type.meals, amount: 700, spentOn: '2026-07-01' },
  ]);
  await claim(bea, 'rejected', '2026-02-10T09:00:00.000Z', [
    { type: type.meals, amount: 400, spentOn: '2026-02-02' },
  ]);
  await claim(bea, 'paid', '2025-06-01T09:00:00.000Z', [
    { type: type.travel, amount: 1111, spentOn: '2025-05-20' },
  ]);
  await loose(ada, { type: type.meals, amount: 250, spentOn: '2026-04-01' });
  await loose(cal, { type: type.travel, amount: 999, spentOn: '2026-05-05' });

  // Another organisation's money, in the same period, never shows.
  const otherType = await createExpenseType(ctx.db, b.id, { name: 'Travel' });
  const stranger = await createUser(ctx.db, b.id);
  const otherClaim = await createClaim(ctx.db, b.id, stranger.id, { status: 'paid' });
  await createExpense(ctx.db, b.id, stranger.id, otherType.id, {
    claimId: otherClaim.id,
    amountPence: 5000,
    spentOn: '2026-03-01',
    status: 'paid',
  });

  return {
    a,
    reader,
    nobody,
    otherReader,
    team,
    role,
    type,
    typeNames,
    typeActive,
    people,
    claims,
    expenses,
  };
}

/** The answer's common shape. */
export type Answer<Row> = {
  data: Row[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};

/** The expenses of a period (both days included), of people in any of `teams` when given. */
export function expensesOf(
  fixture: ExpenseFixture,
  from: string,
  to: string,
  teams: ('north' | 'south')[] = [],
) {
  return fixture.expenses.filter((expense) => {
    const person = fixture.people.find((p) => p.id === expense.user);
    return (
      expense.spentOn >= from &&
      expense.spentOn <= to &&
      (teams.length === 0 || (person?.teams ?? []).some((t) => teams.includes(t as 'north' | 'south')))
    );
  });
}

/** The amounts columns worked out in plain code. */
export function amountsOf(expenses: PlainExpense[]) {
  const sum = (keep: (expense: PlainExpense) => boolean) =>
    expenses.filter(keep).reduce((total, expense) => total + expense.amount, 0);
  return {
    expenses: expenses.length,
    total_pence: sum(() => true),
    unclaimed_pence: sum((e) => e.claim === null),
    claimed_pence: sum((e) => e.claim !== null),
    awaiting_pence: sum((e) => e.claim !== null && e.status === 'pending'),
    approved_pence: sum((e) => e.claim !== null && (e.status === 'approved' || e.status === 'paid')),
    paid_pence: sum((e) => e.claim !== null && e.status === 'paid'),
    rejected_pence: sum((e) => e.claim !== null && e.status === 'rejected'),
  };
}

/** GET a report as a caller. */
export function getAs(ctx: TestContext, caller: Caller | { host: string }, path: string, query: string) {
  return callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api${path}${query}`);
}
