import { USER_STATUS } from './reference-data.js';
import { addMonths, isoDay, monthOf, monthStart, type Day, type Random } from './history-random.js';

/*
 * The people of the demo history (history.ts): who applied, who joined when, in which team and
 * role, who left when and why, and who came back. Everything else the history records (logins,
 * inductions, claims, activities…) is drawn from these periods of volunteering.
 */

/** A row's id, given once the history has taken ids from the table's sequence. */
export type Ref = { id: number };

/** Where a volunteer serves: a team, a role profile, and the opportunity people apply to for it. */
export type Placement = {
  teamId: number;
  roleProfileId: number;
  opportunityId: number;
  /** The team hosts residential stays: its people book them. */
  residential: boolean;
  /** The weekday stays start on at the team (0 Sunday … 6 Saturday). */
  changeoverDay: number;
  /** How many volunteers it draws, relative to the others. */
  weight: number;
};

/** What the people are drawn from: the demo organisation's own lists. */
export type PeopleLookups = {
  placements: readonly Placement[];
  /** The role people who lead others are given on top of their own; null when the organisation has none. */
  supervisorRoleId: number | null;
  /** Reasons for volunteering, each with how often it is given. */
  motivations: ReadonlyArray<readonly [number, number]>;
  /** Reasons for leaving, each with how often it is given. */
  leavingReasons: ReadonlyArray<readonly [number, number]>;
};

/** One role held during a period of volunteering, from `from` to `to` (null: still held). */
export type PlannedRole = { teamId: number; roleProfileId: number; from: Day; to: Day | null };

/** An application the person made (completed) on `day`. */
export type PlannedApplication = Ref & {
  person: PlannedPerson;
  opportunityId: number;
  day: Day;
  minutes: number;
  status: 'submitted' | 'accepted' | 'declined' | 'withdrawn';
  motivationId: number | null;
};

/** One period of volunteering, `joined` to `left` (null: still volunteering), both days included. */
export type PlannedPeriod = {
  joined: Day;
  left: Day | null;
  leavingReasonId: number | null;
  motivationId: number | null;
  placement: Placement;
  roles: PlannedRole[];
  application: PlannedApplication;
};

/** A person of the history: an applicant who never joined, a volunteer, or one who left. */
export type PlannedPerson = Ref & {
  firstName: string;
  lastName: string;
  dob: string;
  email: string;
  phone: string | null;
  address: { street: string; city: string; county: string | null; postcode: string } | null;
  statusId: number;
  /** The day their account was made: their first application. */
  createdDay: Day;
  periods: PlannedPeriod[];
  applications: PlannedApplication[];
  /** Sign-ins a week while they volunteer: a few people use the portal often, most rarely. */
  loginsPerWeek: number;
  /** The last day they were active (volunteered, or last applied). */
  lastActiveDay: Day;
  /** The day of their last sign-in, once the sign-ins are drawn (history-records.ts). */
  lastSignIn: Day | null;
};

/**
 * How many people join in each calendar month relative to the others: a spring recruitment
 * drive, the September rush of students and the newly retired, and a quiet December.
 */
const MONTH_WEIGHTS = [1.0, 0.9, 1.3, 1.5, 1.4, 1.0, 0.8, 0.7, 1.7, 1.2, 0.9, 0.45] as const;

/**
 * Mean days a volunteer stays (exponential): a quarter of them leave in a year. A tenth more
 * give up within their first months, the commonest leaving of all.
 */
const MEAN_STAY_DAYS = 365 / -Math.log(0.75);
const EARLY_LEAVER_SHARE = 0.1;

/** Share of the volunteers who had joined before the history's first day. */
const ALREADY_VOLUNTEERING_SHARE = 0.2;

/** Share of leavers who come back later, and of applicants who never join (on top of the volunteers). */
const REJOIN_SHARE = 0.08;
const NEVER_JOINED_SHARE = 0.15;

/** Age at joining: students, people in work and the retired, as volunteer bodies see them. */
const AGE_BANDS: ReadonlyArray<readonly [readonly [number, number], number]> = [
  [[16, 17], 3],
  [[18, 24], 22],
  [[25, 34], 15],
  [[35, 49], 18],
  [[50, 64], 22],
  [[65, 82], 20],
];

/** Sign-ins a week: heavy, ordinary and occasional users of the portal. */
const LOGIN_RATES: ReadonlyArray<readonly [number, number]> = [
  [0.3, 20],
  [0.08, 45],
  [0.02, 35],
];

const EMAIL_DOMAINS = ['example.com', 'example.net'] as const;

/** Letters of a name fit for an email address. */
function emailPart(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/**
 * Draws the day a volunteer of the history joins: a month weighted by the season, with a little
 * growth year on year, then a day of it.
 */
function joiningDays(from: Day, today: Day): (random: Random) => Day {
  const months: Array<readonly [readonly [Day, Day], number]> = [];
  for (let start = monthStart(from), index = 0; start <= today; start = addMonths(start, 1), index += 1) {
    const days = [Math.max(start, from), Math.min(addMonths(start, 1) - 1, today)] as const;
    months.push([days, (MONTH_WEIGHTS[monthOf(start)] ?? 1) * (1 + index / 72)]);
  }
  return (random) => {
    const [first, last] = random.weighted(months);
    return random.int(first, last);
  };
}

/**
 * The day a period that began on `joined` ends, or null when it goes on past `today`. Someone
 * already volunteering on the history's first day (`settledFrom`) is past the early months, and
 * their stay is counted from that day (the waiting time has no memory).
 */
function leavingDay(random: Random, joined: Day, settledFrom: Day | null, today: Day): Day | null {
  const early = settledFrom === null && random.chance(EARLY_LEAVER_SHARE);
  const stay = early ? random.int(14, 120) : Math.round(random.exponential(MEAN_STAY_DAYS));
  const left = (settledFrom ?? joined) + stay;
  return left < today ? left : null;
}

/** The roles of one period: the placement's, sometimes a second team, now and then supervising. */
function rolesOf(
  random: Random,
  lookups: PeopleLookups,
  placement: Placement,
  joined: Day,
  left: Day | null,
  today: Day,
) {
  const roles: PlannedRole[] = [
    { teamId: placement.teamId, roleProfileId: placement.roleProfileId, from: joined, to: left },
  ];
  const end = left ?? today;
  const other = lookups.placements.filter(
    (candidate) => candidate.teamId !== placement.teamId && !candidate.residential,
  );
  if (other.length > 0 && end - joined > 60 && random.chance(0.12)) {
    const second = random.pick(other);
    const from = random.int(joined + 30, end);
    // Some give the second team up again before they leave.
    const to = random.chance(0.3) ? random.int(from, end) : left;
    roles.push({
      teamId: second.teamId,
      roleProfileId: second.roleProfileId,
      from,
      to: to !== null && to >= today ? null : to,
    });
  }
  if (lookups.supervisorRoleId !== null && end - joined > 365 && random.chance(0.05)) {
    roles.push({
      teamId: placement.teamId,
      roleProfileId: lookups.supervisorRoleId,
      from: random.int(joined + 180, end),
      to: left,
    });
  }
  return roles;
}

/**
 * The people of the history: `volunteers` people who volunteer at some time in the years from
 * `from` to `today` (a fifth of them already did on `from`), plus applicants who were never
 * taken on. Names, addresses and numbers are Faker's, drawn in order from the seed.
 */
export function planPeople(
  random: Random,
  lookups: PeopleLookups,
  options: { from: Day; today: Day; volunteers: number },
): PlannedPerson[] {
  const { from, today, volunteers } = options;
  const { faker } = random;
  const joiningDay = joiningDays(from, today);
  const emails = new Set<string>();
  const people: PlannedPerson[] = [];
  const placements = lookups.placements.map((placement) => [placement, placement.weight] as const);
  const motivation = () =>
    random.chance(0.1) || lookups.motivations.length === 0 ? null : random.weighted(lookups.motivations);
  const reason = () =>
    random.chance(0.08) || lookups.leavingReasons.length === 0
      ? null
      : random.weighted(lookups.leavingReasons);

  const newPerson = (firstDay: Day): PlannedPerson => {
    const sex = random.chance(0.56) ? 'female' : 'male';
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    const base = `${emailPart(firstName)}.${emailPart(lastName)}`;
    const domain = random.pick(EMAIL_DOMAINS);
    let email = `${base}@${domain}`;
    for (let n = 2; emails.has(email); n += 1) {
      email = `${base}${n}@${domain}`;
    }
    emails.add(email);
    const [low, high] = random.weighted(AGE_BANDS);
    const born = firstDay - Math.round(random.int(low, high) * 365.25) - random.int(0, 364);
    return {
      id: 0,
      firstName,
      lastName,
      dob: isoDay(born),
      email,
      phone: random.chance(0.9) ? `+447700900${random.int(100, 999)}` : null,
      address: random.chance(0.85)
        ? {
            street: faker.location.streetAddress(),
            city: faker.location.city(),
            county: random.chance(0.7) ? faker.location.county() : null,
            postcode: faker.location.zipCode(),
          }
        : null,
      statusId: USER_STATUS.applicant,
      createdDay: firstDay,
      periods: [],
      applications: [],
      loginsPerWeek: random.weighted(LOGIN_RATES),
      lastActiveDay: firstDay,
      lastSignIn: null,
    };
  };

  const apply = (
    person: PlannedPerson,
    placement: Placement,
    day: Day,
    status: PlannedApplication['status'],
    motivationId: number | null,
  ) => {
    const application: PlannedApplication = {
      id: 0,
      person,
      opportunityId: placement.opportunityId,
      day,
      minutes: random.int(7 * 60, 22 * 60),
      status,
      motivationId,
    };
    person.applications.push(application);
    return application;
  };

  for (let index = 0; index < volunteers; index += 1) {
    const already = random.chance(ALREADY_VOLUNTEERING_SHARE);
    const joined = already ? from - random.int(30, 4 * 365) : joiningDay(random);
    const applied = joined - random.int(7, 42);
    const person = newPerson(applied);
    let placement = random.weighted(placements);
    let periodJoined = joined;
    let periodApplied = applied;
    // A leaver may come back, to the same team or another.
    for (let round = 0; round < 2; round += 1) {
      const motivationId = motivation();
      const left = leavingDay(random, periodJoined, already && round === 0 ? from : null, today);
      const application = apply(person, placement, periodApplied, 'accepted', motivationId);
      person.periods.push({
        joined: periodJoined,
        left,
        leavingReasonId: left === null ? null : reason(),
        motivationId,
        placement,
        roles: rolesOf(random, lookups, placement, periodJoined, left, today),
        application,
      });
      if (left === null || !random.chance(REJOIN_SHARE)) {
        break;
      }
      periodApplied = left + random.int(120, 540);
      periodJoined = periodApplied + random.int(7, 28);
      if (periodJoined >= today) {
        break;
      }
      placement = random.chance(0.7) ? placement : random.weighted(placements);
    }
    const last = person.periods[person.periods.length - 1];
    const current = last !== undefined && last.left === null;
    person.statusId = current
      ? random.chance(0.03)
        ? USER_STATUS.inactive
        : USER_STATUS.active
      : USER_STATUS.left;
    person.lastActiveDay = current ? today : (last?.left ?? applied);
    people.push(person);
  }

  // Applicants who were never taken on: declined, withdrawn, or (recently) waiting for an answer.
  const neverJoined = Math.round(volunteers * NEVER_JOINED_SHARE);
  for (let index = 0; index < neverJoined; index += 1) {
    const day = joiningDay(random);
    const person = newPerson(day);
    const status =
      today - day < 30
        ? 'submitted'
        : random.weighted([
            ['declined', 55],
            ['withdrawn', 45],
          ] as const);
    apply(person, random.weighted(placements), day, status, motivation());
    person.loginsPerWeek = 0;
    people.push(person);
  }
  return people;
}
