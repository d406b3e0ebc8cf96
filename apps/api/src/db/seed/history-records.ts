import type {
  DiversityField,
  claims,
  expenses,
  residentialBookings,
  securityLog,
  touchpoints,
  userDiversityAnswers,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
  userInductions,
  userSkills,
  vettingChecks,
} from '../schema/index.js';
import { DIVERSITY_OPTIONS, USER_STATUS } from './reference-data.js';
import type { PlannedPeriod, PlannedPerson, Ref } from './history-people.js';
import {
  addMonths,
  instant,
  isoDay,
  monthStart,
  monthOf,
  weekdayOf,
  type Day,
  type Random,
} from './history-random.js';

/*
 * What the people of the demo history (history-people.ts) leave behind, drawn from their periods
 * of volunteering: sign-ins, inductions, skills, vetting checks, expenses and claims, touchpoints,
 * residential stays and diversity answers. Rows name people (and claims, touchpoints, answers) by
 * reference; history.ts gives the references their ids, then resolves the rows.
 */

/**
 * A row to insert whose foreign keys `K` are still references: each becomes the referenced
 * row's id once the ids are known (see {@link resolveRows}).
 */
export type Pending<Row, K extends keyof Row> = Omit<Row, K> & {
  [P in K]-?: null extends Row[P] ? Ref | null : Ref;
};

/** A pending row once its references `K` are ids. */
export type Resolved<T, K extends keyof T> = Omit<T, K> & {
  [P in K]: null extends T[P] ? number | null : number;
};

/** The rows with their references replaced by the ids they were given. */
export function resolveRows<T extends object, K extends keyof T>(
  rows: readonly T[],
  keys: readonly K[],
): Array<Resolved<T, K>> {
  return rows.map((row) => {
    const resolved: Record<string, unknown> = { ...(row as Record<string, unknown>) };
    for (const key of keys) {
      const ref = row[key] as Ref | null;
      resolved[key as string] = ref === null ? null : ref.id;
    }
    return resolved as Resolved<T, K>;
  });
}

type InductionModule = {
  id: number;
  compulsory: boolean;
  selfCompletable: boolean;
  validityMonths: number | null;
};
type Skill = { id: number; name: string; expires: boolean; optionIds: number[] };
type DisclosureType = { id: number; validityMonths: number | null; enhanced: boolean };
type DiversityQuestion = {
  id: number;
  text: string;
  multiple: boolean;
  options: Array<{ id: number; text: string; isOther: boolean }>;
  /** Asked only of people who chose `optionId` for `questionId`. */
  dependsOn: { questionId: number; optionId: number } | null;
};

/** The organisation's lists the records draw from. */
export type RecordLookups = {
  organisationId: number;
  /** Who decides claims, runs inductions and writes touchpoints: the demo administrator. */
  admin: Ref | null;
  supervisorRoleId: number | null;
  inductionModules: readonly InductionModule[];
  skills: readonly Skill[];
  expenseTypes: { travel: number; meals: number; equipment: number };
  /** The mileage rate for travel, when there is one. */
  mileage: { id: number; pencePerUnit: number } | null;
  touchpointTypes: { call: number | null; supervision: number | null; thanks: number | null };
  disclosureTypes: readonly DisclosureType[];
  cancelReasonIds: readonly number[];
  diversityQuestions: readonly DiversityQuestion[];
};

type SignInRow = typeof securityLog.$inferInsert;
type PendingClaim = Pending<typeof claims.$inferInsert, 'userId' | 'createdBy' | 'decidedBy'> & Ref;
type PendingTouchpoint = Pending<typeof touchpoints.$inferInsert, 'userId' | 'parentId' | 'createdBy'> & Ref;
type PendingAnswer = Pending<typeof userDiversityQuestionAnswers.$inferInsert, 'userId'> & Ref;

/** The records of the history, ready to be given ids and inserted. */
export type PlannedRecords = {
  signIns: Array<Pending<SignInRow, 'userId'>>;
  inductions: Array<Pending<typeof userInductions.$inferInsert, 'userId' | 'completedBy'>>;
  skills: Array<Pending<typeof userSkills.$inferInsert, 'userId'>>;
  vetting: Array<Pending<typeof vettingChecks.$inferInsert, 'userId' | 'createdBy'>>;
  claims: PendingClaim[];
  expenses: Array<Pending<typeof expenses.$inferInsert, 'userId' | 'claimId'>>;
  touchpoints: PendingTouchpoint[];
  bookings: Array<
    Pending<typeof residentialBookings.$inferInsert, 'userId' | 'applicationId' | 'cancelledByUserId'>
  >;
  diversity: Array<Pending<typeof userDiversityAnswers.$inferInsert, 'userId'>>;
  diversityAnswers: PendingAnswer[];
  diversityAnswerOptions: Array<Pending<typeof userDiversityQuestionAnswerOptions.$inferInsert, 'answerId'>>;
};

/** The last day of a period that counts: the day they left, or today. */
function endOf(period: PlannedPeriod, today: Day): Day {
  return period.left ?? today;
}

/** Browsers people sign in with, and how common each is. */
const USER_AGENTS: ReadonlyArray<readonly [string, number]> = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    30,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
    22,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
    20,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    12,
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.0.0',
    10,
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    6,
  ],
];

/** Minutes past midnight of a plausible time to use the portal: evenings, then lunchtime. */
function portalMinutes(random: Random): number {
  const hour = random.weighted([
    [8, 6],
    [10, 8],
    [12, 12],
    [14, 8],
    [16, 8],
    [18, 16],
    [19, 16],
    [20, 16],
    [21, 10],
  ] as const);
  return hour * 60 + random.int(0, 119);
}

/**
 * Sign-ins (the security log's `sign_in` successes, and now and then a mistyped password before
 * one): a Poisson process at the person's own rate while they volunteer within the history, so
 * frequent users and current volunteers dominate the logins report. Answers the day of the last.
 */
function planSignIns(
  random: Random,
  person: PlannedPerson,
  window: { from: Day; today: Day },
  out: PlannedRecords,
): void {
  const userAgent = random.weighted(USER_AGENTS);
  const ip = `198.51.100.${random.int(1, 254)}`;
  const signIn = (day: Day, outcome: 'success' | 'failure') =>
    out.signIns.push({
      userId: person,
      event: 'sign_in',
      outcome,
      factor: 'password',
      ip,
      userAgent,
      details: outcome === 'failure' ? { reason: 'wrong_password' } : null,
      createdAt: instant(day, portalMinutes(random)),
    });
  let last: Day | null = null;
  for (const application of person.applications) {
    if (application.day >= window.from) {
      signIn(application.day, 'success');
      last = Math.max(last ?? application.day, application.day);
    }
  }
  // People marked inactive stopped signing in months ago.
  const stop = person.statusId === USER_STATUS.inactive ? window.today - random.int(90, 200) : window.today;
  for (const period of person.periods) {
    const end = Math.min(endOf(period, window.today), stop);
    const meanGap = 7 / person.loginsPerWeek;
    for (
      let day = Math.max(period.joined, window.from) + Math.round(random.exponential(meanGap));
      day <= end;
    ) {
      if (random.chance(0.03)) {
        signIn(day, 'failure');
      }
      signIn(day, 'success');
      last = Math.max(last ?? day, day);
      day += Math.max(1, Math.round(random.exponential(meanGap)));
    }
  }
  person.lastActiveDay = Math.max(person.lastActiveDay, last ?? person.lastActiveDay);
  person.lastSignIn = last;
}

/**
 * Inductions: each module completed soon after joining (self-completed ones within days, those
 * run by staff within weeks), renewed by most current volunteers when it lapses, left to lapse by
 * leavers; some newcomers part-way through or not started.
 */
function planInductions(
  random: Random,
  lookups: RecordLookups,
  person: PlannedPerson,
  today: Day,
  out: PlannedRecords,
): void {
  const period = person.periods[person.periods.length - 1];
  if (!period) {
    return;
  }
  const end = endOf(period, today);
  for (const module of lookups.inductionModules) {
    const takes = random.chance(module.compulsory ? 0.9 : 0.35);
    let done = period.joined + (module.selfCompletable ? random.int(0, 10) : random.int(7, 45));
    if (!takes || done > end) {
      if (random.chance(0.6)) {
        out.inductions.push({
          organisationId: lookups.organisationId,
          userId: person,
          moduleId: module.id,
          status: period.left === null && today - period.joined < 90 ? 'in_progress' : 'not_started',
          completedBy: null,
          createdAt: instant(period.joined, 600),
        });
      }
      continue;
    }
    let expires = module.validityMonths === null ? null : addMonths(done, module.validityMonths);
    while (
      module.validityMonths !== null &&
      expires !== null &&
      expires < end &&
      period.left === null &&
      random.chance(0.7)
    ) {
      done = Math.min(today, expires - random.int(0, 14));
      expires = addMonths(done, module.validityMonths);
    }
    out.inductions.push({
      organisationId: lookups.organisationId,
      userId: person,
      moduleId: module.id,
      status: 'completed',
      completedAt: instant(done, random.int(9 * 60, 20 * 60)).toISOString(),
      completedBy: module.selfCompletable ? person : lookups.admin,
      expiresOn: expires === null ? null : isoDay(expires),
      createdAt: instant(period.joined, 600),
    });
  }
}

/** How likely a volunteer holds a skill, by the skill's name; others are rarer. */
const SKILL_SHARES: Record<string, number> = {
  'Driving licence': 0.45,
  'Spoken languages': 0.2,
  'First aid at work': 0.15,
  'Food hygiene': 0.1,
};

/** Skills: a driving licence for many, a language or a first-aid certificate (which lapses) for some. */
function planSkills(
  random: Random,
  lookups: RecordLookups,
  person: PlannedPerson,
  today: Day,
  out: PlannedRecords,
): void {
  const period = person.periods[0];
  if (!period) {
    return;
  }
  for (const skill of lookups.skills) {
    if (!random.chance(SKILL_SHARES[skill.name] ?? 0.08)) {
      continue;
    }
    const recorded = Math.min(today, period.joined + random.int(0, 60));
    const optionIds: Array<number | null> =
      skill.optionIds.length === 0 ? [null] : random.sample(skill.optionIds, random.chance(0.2) ? 2 : 1);
    for (const dynamicSkillId of optionIds) {
      out.skills.push({
        organisationId: lookups.organisationId,
        userId: person,
        skillId: skill.id,
        dynamicSkillId,
        level:
          skill.optionIds.length > 0 && random.chance(0.6)
            ? random.pick(['beginner', 'intermediate', 'advanced', 'expert'] as const)
            : null,
        expiresOn: skill.expires ? isoDay(addMonths(recorded - random.int(0, 400), 36)) : null,
        createdAt: instant(recorded, random.int(9 * 60, 21 * 60)),
      });
    }
  }
}

/**
 * Vetting: an enhanced check for residential volunteers and supervisors, a basic one for a share
 * of the others, requested once they apply; most clear within weeks, a few are rejected, and the
 * current volunteers' lapsing checks are mostly renewed.
 */
function planVetting(
  random: Random,
  lookups: RecordLookups,
  person: PlannedPerson,
  today: Day,
  counter: { next: number },
  out: PlannedRecords,
): void {
  const enhanced = lookups.disclosureTypes.find((type) => type.enhanced);
  const basic = lookups.disclosureTypes.find((type) => !type.enhanced) ?? enhanced;
  for (const period of person.periods) {
    const supervises = period.roles.some((role) => role.roleProfileId === lookups.supervisorRoleId);
    const type =
      period.placement.residential || supervises
        ? random.chance(0.95)
          ? enhanced
          : undefined
        : random.chance(0.4)
          ? basic
          : undefined;
    if (!type) {
      continue;
    }
    let requested = Math.min(today, period.application.day + random.int(2, 10));
    for (let round = 0; round < 3 && requested <= today; round += 1) {
      const cleared = requested + random.int(5, 40);
      const rejected = random.chance(0.02);
      const decided = cleared <= today;
      const expires =
        decided && !rejected && type.validityMonths !== null ? addMonths(cleared, type.validityMonths) : null;
      counter.next += 1;
      out.vetting.push({
        organisationId: lookups.organisationId,
        userId: person,
        disclosureTypeId: type.id,
        referenceNumber: `0019${String(counter.next).padStart(8, '0')}`,
        status: !decided
          ? today - requested < 7
            ? 'requested'
            : 'in_progress'
          : rejected
            ? 'rejected'
            : expires !== null && expires < today && random.chance(0.6)
              ? 'expired'
              : 'cleared',
        requestedOn: isoDay(requested),
        clearedOn: decided && !rejected ? isoDay(cleared) : null,
        expiresOn: expires === null ? null : isoDay(expires),
        createdBy: lookups.admin,
        createdAt: instant(requested, random.int(9 * 60, 17 * 60)),
      });
      // A current volunteer's check is renewed a little before it lapses.
      if (expires === null || period.left !== null || expires - 60 > today || !random.chance(0.75)) {
        break;
      }
      requested = expires - random.int(10, 60);
    }
  }
}

const TRAVEL = [
  'Drive to the Community Hub and back',
  'Drive to the beach clean',
  'Train fare to the training day',
  'Bus fares for the week',
  'Car park at Sandy Bay',
] as const;
const MEALS = [
  'Lunch on a full-day shift',
  'Sandwiches for the work party',
  'Evening meal on the residential week',
] as const;
const EQUIPMENT = [
  'Gardening gloves',
  'Waterproof trousers',
  'Printer ink for the rota',
  'Bin bags and litter pickers',
  'First aid kit refill',
] as const;

const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Expenses and claims: a minority of volunteers claim, most months they volunteer, for travel
 * (mileage at the organisation's rate), meals and equipment. Older claims are decided and mostly
 * paid; the last weeks' are still waiting; a few spends were never claimed.
 */
function planExpenses(
  random: Random,
  lookups: RecordLookups,
  person: PlannedPerson,
  window: { from: Day; today: Day },
  out: PlannedRecords,
): void {
  const { today } = window;
  for (const period of person.periods) {
    const first = Math.max(period.joined, window.from);
    const end = endOf(period, today);
    for (let month = monthStart(first); month <= end; month = addMonths(month, 1)) {
      if (!random.chance(0.45)) {
        continue;
      }
      const spendFrom = Math.max(month, first);
      const spendTo = Math.min(addMonths(month, 1) - 1, end);
      if (spendTo < spendFrom) {
        continue;
      }
      const items = Array.from(
        {
          length: random.weighted([
            [1, 55],
            [2, 30],
            [3, 15],
          ] as const),
        },
        () => {
          const kind = random.weighted([
            ['travel', 65],
            ['meals', 25],
            ['equipment', 10],
          ] as const);
          const spentOn = random.int(spendFrom, spendTo);
          if (kind === 'travel' && lookups.mileage && random.chance(0.7)) {
            const miles = random.int(4, 60);
            return {
              typeId: lookups.expenseTypes.travel,
              rateId: lookups.mileage.id,
              quantity: miles,
              amountPence: miles * lookups.mileage.pencePerUnit,
              spentOn,
              description: random.pick(TRAVEL),
            };
          }
          const [typeId, low, high, descriptions] =
            kind === 'travel'
              ? ([lookups.expenseTypes.travel, 150, 900, TRAVEL] as const)
              : kind === 'meals'
                ? ([lookups.expenseTypes.meals, 300, 1500, MEALS] as const)
                : ([lookups.expenseTypes.equipment, 300, 4000, EQUIPMENT] as const);
          return {
            typeId,
            rateId: null,
            quantity: null,
            amountPence: random.int(low, high),
            spentOn,
            description: random.pick(descriptions),
          };
        },
      );
      const submitted = Math.max(...items.map((item) => item.spentOn)) + random.int(1, 12);
      let claim: PendingClaim | null = null;
      let expenseStatus: 'pending' | 'approved' | 'rejected' | 'paid' = 'pending';
      if (submitted <= today) {
        const decided = submitted + random.int(2, 14);
        const paid = decided + random.int(3, 12);
        const status =
          decided > today
            ? 'submitted'
            : random.chance(0.04)
              ? 'rejected'
              : paid <= today
                ? 'paid'
                : 'approved';
        claim = {
          id: 0,
          organisationId: lookups.organisationId,
          userId: person,
          title: `${MONTH_NAME.format(instant(month, 0))} expenses`,
          status,
          submittedAt: instant(submitted, portalMinutes(random)).toISOString(),
          decidedBy: status === 'submitted' ? null : lookups.admin,
          decidedAt:
            status === 'submitted' ? null : instant(decided, random.int(9 * 60, 17 * 60)).toISOString(),
          decisionNote:
            status === 'rejected'
              ? 'This was bought without asking first; please check with your team leader next time.'
              : null,
          paidAt: status === 'paid' ? instant(paid, 11 * 60).toISOString() : null,
          createdBy: person,
          createdAt: instant(submitted, 8 * 60),
        };
        out.claims.push(claim);
        expenseStatus = status === 'submitted' ? 'pending' : status;
      }
      for (const item of items) {
        out.expenses.push({
          organisationId: lookups.organisationId,
          userId: person,
          claimId: claim,
          ...item,
          spentOn: isoDay(item.spentOn),
          status: expenseStatus,
          createdAt: instant(item.spentOn, 20 * 60),
        });
      }
    }
  }
}

/**
 * Touchpoints: a welcome call (sometimes followed up), supervision every quarter for residential
 * volunteers and supervisors and a yearly check-in for others, a thank-you card in Volunteers'
 * Week, and an exit conversation with half of the leavers.
 */
function planTouchpoints(
  random: Random,
  lookups: RecordLookups,
  person: PlannedPerson,
  window: { from: Day; today: Day },
  out: PlannedRecords,
): void {
  const { from, today } = window;
  const types = lookups.touchpointTypes;
  const add = (
    typeId: number | null,
    day: Day,
    summary: string,
    details: string | null,
    parent: PendingTouchpoint | null = null,
  ) => {
    const row: PendingTouchpoint = {
      id: 0,
      organisationId: lookups.organisationId,
      userId: person,
      typeId,
      occurredAt: instant(day, random.int(9 * 60, 18 * 60)).toISOString(),
      summary,
      details,
      parentId: parent,
      createdBy: lookups.admin,
      createdAt: instant(day, 19 * 60),
    };
    out.touchpoints.push(row);
    return row;
  };
  for (const period of person.periods) {
    const end = endOf(period, today);
    const welcome = period.joined + random.int(2, 10);
    if (welcome >= from && welcome <= end && random.chance(0.75)) {
      const call = add(
        types.call,
        welcome,
        'Welcome call',
        'Talked through their first shift and who to contact.',
      );
      const followUp = welcome + random.int(14, 35);
      if (followUp <= end && random.chance(0.15)) {
        add(
          types.call,
          followUp,
          'Follow-up after the first shifts',
          random.pick([
            'Settling in well.',
            'Would like more weekend shifts.',
            'Asked about the first aid course.',
          ]),
          call,
        );
      }
    }
    const supervised =
      period.placement.residential ||
      period.roles.some((role) => role.roleProfileId === lookups.supervisorRoleId);
    const step = supervised ? 3 : 12;
    for (let day = addMonths(period.joined, step); day <= end; day = addMonths(day, step)) {
      if (day >= from && random.chance(supervised ? 0.8 : 0.45)) {
        add(
          types.supervision,
          Math.min(end, day + random.int(-10, 10)),
          supervised ? 'Quarterly supervision' : 'Annual check-in',
          null,
        );
      }
    }
    for (let year = new Date(instant(Math.max(period.joined, from), 0)).getUTCFullYear(); ; year += 1) {
      const week = Math.floor(Date.UTC(year, 5, 1) / 86_400_000);
      if (week > end) {
        break;
      }
      if (week >= Math.max(period.joined, from) && random.chance(0.3)) {
        add(types.thanks, week + random.int(0, 6), 'Thank-you card for Volunteers’ Week', null);
      }
    }
    if (period.left !== null && random.chance(0.5)) {
      const exit = period.left + random.int(0, 14);
      if (exit >= from && exit <= today) {
        add(
          types.call,
          exit,
          'Exit conversation',
          'Thanked them for their time and asked what we could do better.',
        );
      }
    }
  }
}

/**
 * Residential stays of the residential volunteers: one to three past stays a period, a week or
 * a fortnight from the team's changeover day, every one ended before today (so no night the demo
 * offers is taken); a tenth were cancelled.
 */
function planBookings(
  random: Random,
  lookups: RecordLookups,
  person: PlannedPerson,
  window: { from: Day; today: Day },
  out: PlannedRecords,
): void {
  const genderId = random.weighted([
    [3, 54],
    [2, 42],
    [4, 2],
    [1, 2],
  ] as const);
  for (const period of person.periods) {
    const { placement } = period;
    if (!placement.residential) {
      continue;
    }
    const first = Math.max(period.joined, window.from);
    const last = Math.min(endOf(period, window.today), window.today - 1);
    const stays = random.weighted([
      [1, 50],
      [2, 30],
      [3, 20],
    ] as const);
    for (let stay = 0; stay < stays; stay += 1) {
      const nights = random.chance(0.7) ? 7 : 14;
      const pick = random.int(first, Math.max(first, last - nights));
      const start = pick + ((placement.changeoverDay - weekdayOf(pick) + 7) % 7);
      // Stays in the warmer months, as residential programmes run.
      if (start + nights > last || monthOf(start) < 2 || monthOf(start) > 9) {
        continue;
      }
      const cancelled = lookups.cancelReasonIds.length > 0 && random.chance(0.1);
      const cancelledOn = start - random.int(3, 30);
      out.bookings.push({
        organisationId: lookups.organisationId,
        userId: person,
        applicationId: stay === 0 ? period.application : null,
        teamId: placement.teamId,
        startDate: isoDay(start),
        endDate: isoDay(start + nights),
        willingToShare: random.chance(0.5),
        requirementsRadio: false,
        genderId,
        status: cancelled ? 'cancelled' : 'confirmed',
        cancelReasonId: cancelled ? random.pick(lookups.cancelReasonIds) : null,
        cancelledAt: cancelled ? instant(cancelledOn, portalMinutes(random)) : null,
        cancelledByUserId: cancelled ? person : null,
        createdAt: instant(Math.min(start - 14, period.application.day + 7), portalMinutes(random)),
      });
    }
  }
}

/** How often each fixed diversity answer is given, by its label (UK volunteering surveys, roughly). */
const DIVERSITY_WEIGHTS: Record<string, number> = {
  'gender:Woman': 54,
  'gender:Man': 41,
  'gender:Non-binary': 2,
  'gender:Other': 0.5,
  'gender_assigned:Yes': 96,
  'gender_assigned:No': 1,
  'registered_disabled:No': 80,
  'registered_disabled:Yes': 10,
  "registered_disabled:Don't know": 5,
  'nationality:British': 55,
  'nationality:English': 18,
  'nationality:Scottish': 5,
  'nationality:Welsh': 7,
  'nationality:Northern Irish': 2,
  'nationality:Other': 9,
  'ethnicity:White: English, Welsh, Scottish, Northern Irish or British': 76,
  'ethnicity:White: Irish': 2,
  'ethnicity:White: Any other White background': 6,
  'ethnicity:Asian or Asian British: Indian': 3,
  'ethnicity:Asian or Asian British: Pakistani': 2,
  'ethnicity:Black, Black British, Caribbean or African: African': 2,
  'ethnicity:Black, Black British, Caribbean or African: Caribbean': 1,
  'sexuality:Heterosexual or straight': 86,
  'sexuality:Gay or lesbian': 3,
  'sexuality:Bisexual': 4,
  'religion:No religion': 46,
  'religion:Christian': 38,
  'religion:Muslim': 5,
  'religion:Hindu': 2,
  'religion:Spiritual': 2,
  'What is your main language?:English': 86,
  'What is your main language?:Welsh': 9,
  'Do you consider yourself to have a disability or long-term health condition?:No': 82,
  'Do you consider yourself to have a disability or long-term health condition?:Yes': 12,
};

const PREFER_NOT = 'Prefer not to say';
const OTHER_TEXTS = ['Polish', 'Irish', 'Portuguese', 'Nigerian', 'Romanian', 'Indian'] as const;

/** The options with how often each is chosen, by label (`key:label`): unlisted options are rare, declining a little less so. */
function weighOptions<T extends { label: string }>(
  key: string,
  options: readonly T[],
): Array<readonly [T, number]> {
  return options.map(
    (option) =>
      [
        option,
        DIVERSITY_WEIGHTS[`${key}:${option.label}`] ?? (option.label === PREFER_NOT ? 3 : 0.6),
      ] as const,
  );
}

/** The fixed diversity options of each field, weighed. */
const FIXED_OPTIONS = new Map(
  [...new Set(DIVERSITY_OPTIONS.map((option) => option.field))].map((field) => [
    field,
    weighOptions(
      field,
      DIVERSITY_OPTIONS.filter((option) => option.field === field),
    ),
  ]),
);

/** The age-group option text of someone born `dob` on `day` ("18 to 24", "65 or over", "Under 18"). */
function ageGroupOf(options: DiversityQuestion['options'], dob: string, day: Day): number | undefined {
  const age = Math.floor(
    (instant(day, 0).getTime() - new Date(`${dob}T00:00:00Z`).getTime()) / (365.25 * 86_400_000),
  );
  return options.find((option) => {
    const between = /^(\d+) to (\d+)$/.exec(option.text);
    if (between) {
      return age >= Number(between[1]) && age <= Number(between[2]);
    }
    const over = /^(\d+) or over$/.exec(option.text);
    if (over) {
      return age >= Number(over[1]);
    }
    const under = /^Under (\d+)$/.exec(option.text);
    return under ? age < Number(under[1]) : false;
  })?.id;
}

/**
 * Diversity answers, given when applying by about two people in three: the fixed monitoring
 * questions (`user_diversity_answers`) and the organisation's own questions, the age group
 * following the date of birth and follow-up questions asked only after their parent answer.
 */
function planDiversity(
  random: Random,
  lookups: RecordLookups,
  person: PlannedPerson,
  out: PlannedRecords,
): void {
  const answeredAt = instant(person.createdDay, 12 * 60);
  if (random.chance(0.68)) {
    /** An answer to one fixed question, with the words given with its Other option. */
    const choose = (field: DiversityField, otherTexts: readonly string[]) => {
      const option = random.weighted(FIXED_OPTIONS.get(field) ?? []);
      return { id: option.id, other: option.isOther === true ? random.pick(otherTexts) : null };
    };
    // The Yes of registered disabled is an "other" option whose detail is the follow-up question.
    const disabled = choose('registered_disabled', ['']);
    const disability = disabled.id === 37 ? choose('disabled_select', ['Chronic fatigue', 'Epilepsy']) : null;
    const nationality = choose('nationality', OTHER_TEXTS);
    const ethnicity = choose('ethnicity', ['Arab', 'Latin American']);
    const sexuality = choose('sexuality', ['Queer', 'Asexual']);
    const religion = choose('religion', ['Pagan', 'Humanist']);
    out.diversity.push({
      userId: person,
      organisationId: lookups.organisationId,
      genderId: choose('gender', ['Genderfluid']).id,
      genderAssignedId: choose('gender_assigned', ['']).id,
      nationalityId: nationality.id,
      nationalityOther: nationality.other,
      ethnicityId: ethnicity.id,
      ethnicityOther: ethnicity.other,
      sexualityId: sexuality.id,
      sexualityOther: sexuality.other,
      registeredDisabledId: disabled.id,
      disabledSelectId: disability?.id ?? null,
      disabledSelectOther: disability?.other ?? null,
      religionId: religion.id,
      religionOther: religion.other,
      createdAt: answeredAt,
    });
  }
  if (!random.chance(0.55)) {
    return;
  }
  const chosen = new Map<number, number[]>();
  for (const question of lookups.diversityQuestions) {
    if (
      question.dependsOn &&
      !(chosen.get(question.dependsOn.questionId) ?? []).includes(question.dependsOn.optionId)
    ) {
      continue;
    }
    const ageGroup = /age group/i.test(question.text)
      ? ageGroupOf(question.options, person.dob, person.createdDay)
      : undefined;
    const labelled = question.options.map((option) => ({ ...option, label: option.text }));
    const picked =
      ageGroup !== undefined
        ? labelled.filter((option) => option.id === ageGroup)
        : question.multiple
          ? random.sample(
              labelled.filter((option) => option.text !== PREFER_NOT),
              random.weighted([
                [1, 75],
                [2, 25],
              ] as const),
            )
          : [random.weighted(weighOptions(question.text, labelled))];
    if (picked.length === 0) {
      continue;
    }
    chosen.set(
      question.id,
      picked.map((option) => option.id),
    );
    const answer: PendingAnswer = {
      id: 0,
      organisationId: lookups.organisationId,
      userId: person,
      questionId: question.id,
      otherText: picked.some((option) => option.isOther) ? random.pick(OTHER_TEXTS) : null,
      createdAt: answeredAt,
    };
    out.diversityAnswers.push(answer);
    for (const option of picked) {
      out.diversityAnswerOptions.push({
        organisationId: lookups.organisationId,
        answerId: answer,
        questionId: question.id,
        optionId: option.id,
      });
    }
  }
}

/** Everything the people of the history leave behind but their community life (history-community.ts). */
export function planRecords(
  random: Random,
  lookups: RecordLookups,
  people: readonly PlannedPerson[],
  window: { from: Day; today: Day },
): PlannedRecords {
  const out: PlannedRecords = {
    signIns: [],
    inductions: [],
    skills: [],
    vetting: [],
    claims: [],
    expenses: [],
    touchpoints: [],
    bookings: [],
    diversity: [],
    diversityAnswers: [],
    diversityAnswerOptions: [],
  };
  const vettingNumbers = { next: 0 };
  for (const person of people) {
    planSignIns(random, person, window, out);
    planDiversity(random, lookups, person, out);
    if (person.periods.length === 0) {
      continue;
    }
    planInductions(random, lookups, person, window.today, out);
    planSkills(random, lookups, person, window.today, out);
    planVetting(random, lookups, person, window.today, vettingNumbers, out);
    if (random.chance(0.12)) {
      planExpenses(random, lookups, person, window, out);
    }
    planTouchpoints(random, lookups, person, window, out);
    planBookings(random, lookups, person, window, out);
  }
  return out;
}
