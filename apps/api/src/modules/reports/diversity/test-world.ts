import {
  diversityCategoryKeys,
  type DiversityCategoryKey,
  type DiversityOverviewRow,
  type DiversityReportGroup,
  type DiversityReportRow,
} from '@muster/contract';
import type { ApplicationStatus } from '../../../db/schema/index.js';
import { diversityQuestionOptions, diversityQuestions, userRoles } from '../../../db/schema/index.js';
import { DIVERSITY_OPTIONS, seedReferenceData } from '../../../db/seed/reference-data.js';
import type { TestContext } from '../../../test/context.js';
import { createApplication } from '../../../test/factories/application.js';
import {
  answerDiversityQuestion,
  answerFixedDiversity,
  createDiversityQuestions,
} from '../../../test/factories/diversity.js';
import { createMembership } from '../../../test/factories/memberships.js';
import { createOpportunity, createRoleProfile, createTeam } from '../../../test/factories/opportunity.js';
import { createUser } from '../../../test/factories/user.js';
import { createTenant, type Caller, type Tenant } from '../../../test/tenant.js';
import { CATEGORY_LABELS } from './labels.js';
import { suppressAnswers, type AnswerCounts } from './suppression.js';

/*
 * A hand-built pair of organisations for the diversity report tests, written as plain data first
 * (who volunteered when, in which team, what they answered, what they applied for), then stored.
 * The tests work out their expected answers from the plain data with the functions below, never
 * with the reports' SQL; only the suppression of the counts reuses the pure, separately proved rule.
 */

export type TeamName = 'north' | 'south' | 'east';
export type RoleName = 'volunteer' | 'steward';
export type QuestionName = 'disabled' | 'which' | 'language' | 'carer';

/** One person of the world as plain data. */
export type PersonSpec = {
  dob?: string | null;
  /** Periods of volunteering: joined, left (null: still volunteering). */
  memberships?: Array<[string, string | null]>;
  /** Roles held: team, role profile, from (the day it was given), until (null: still held). */
  roles?: Array<{ team: TeamName; role?: RoleName; from: string; until?: string | null }>;
  /** Fixed answers by category: option ids of applicant-flow §3.3. */
  fixed?: Partial<Record<DiversityCategoryKey, number>>;
  /** Own-question answers by question: option texts. */
  answers?: Partial<Record<QuestionName, string[]>>;
  /** Applications: the opportunity's team and role, when completed (null: never), status. */
  applications?: Array<{ team: TeamName; role?: RoleName; on: string | null; status: ApplicationStatus }>;
};

/** A person as stored: the spec and their user id. */
export type Person = PersonSpec & { id: number };

/** The own questions of organisation A in form order, with their option texts. */
export const QUESTIONS: ReadonlyArray<{
  name: QuestionName;
  text: string;
  multiple: boolean;
  options: string[];
}> = [
  { name: 'disabled', text: 'Do you have a disability?', multiple: false, options: ['Yes', 'No'] },
  { name: 'which', text: 'Which of these apply?', multiple: true, options: ['Sight', 'Hearing', 'Other'] },
  {
    name: 'language',
    text: 'What is your main language?',
    multiple: false,
    options: ['English', 'Welsh', 'Other'],
  },
  {
    name: 'carer',
    text: 'Do you look after someone?',
    multiple: false,
    options: ['Yes', 'No', 'Prefer not to say'],
  },
];

export const GENDER = { preferNot: 1, man: 2, woman: 3, nonBinary: 98 } as const;
export const ETHNICITY = { preferNot: 15, indian: 101, african: 104, whiteBritish: 111 } as const;

const many = (count: number, spec: PersonSpec): PersonSpec[] => Array.from({ length: count }, () => spec);

/**
 * Organisation A's people. In 2026: 28 volunteers (15 women, 7 men, 2 non-binary, 1 prefer not to
 * say, 3 not answered), with people on each edge of the year; and applicants on each edge.
 */
export const PEOPLE_A: readonly PersonSpec[] = [
  ...many(10, {
    dob: '1990-05-10',
    memberships: [['2025-06-01', null]],
    roles: [{ team: 'north', from: '2025-06-01' }],
    fixed: { gender: GENDER.woman, ethnicity: ETHNICITY.whiteBritish, registered_disabled: 38 },
    answers: { disabled: ['No'], language: ['English'], carer: ['No'] },
  }),
  ...many(6, {
    dob: '2001-03-01',
    memberships: [['2025-06-01', null]],
    roles: [{ team: 'north', from: '2025-06-01' }],
    fixed: { gender: GENDER.man, ethnicity: ETHNICITY.whiteBritish, registered_disabled: 38 },
    answers: { disabled: ['No'], language: ['Welsh'], carer: ['Yes'] },
  }),
  // 18 on the last day of 2026, 17 the day before.
  ...many(2, {
    dob: '2008-12-31',
    memberships: [['2026-03-01', null]],
    roles: [{ team: 'south', from: '2026-03-01' }],
    fixed: {
      gender: GENDER.nonBinary,
      ethnicity: ETHNICITY.indian,
      registered_disabled: 37,
      disabled_select: 42,
    },
    answers: { disabled: ['Yes'], which: ['Sight', 'Hearing'], carer: ['Prefer not to say'] },
  }),
  // Left on the first day of 2026: still one of its volunteers.
  {
    dob: null,
    memberships: [['2025-01-01', '2026-01-01']],
    roles: [{ team: 'south', from: '2025-01-01', until: '2026-01-01' }],
    fixed: { gender: GENDER.preferNot, ethnicity: ETHNICITY.preferNot },
    answers: { disabled: ['Yes'], which: ['Other'], language: ['Other'] },
  },
  // Joined on the last day of 2026, answered nothing.
  ...many(3, {
    dob: '1950-01-01',
    memberships: [['2026-12-31', null]],
    roles: [{ team: 'north', from: '2026-12-31' }],
  }),
  // Left the day before 2026.
  ...many(2, {
    dob: '1980-07-01',
    memberships: [['2024-01-01', '2025-12-31']],
    roles: [{ team: 'south', from: '2024-01-01', until: '2025-12-31' }],
    fixed: { gender: GENDER.woman, ethnicity: ETHNICITY.african },
  }),
  // Joined the day after 2026.
  {
    memberships: [['2027-01-01', null]],
    roles: [{ team: 'north', from: '2027-01-01' }],
    fixed: { gender: GENDER.man },
  },
  ...many(5, {
    dob: '1960-02-29',
    memberships: [['2025-06-01', null]],
    roles: [{ team: 'south', role: 'steward', from: '2025-06-01' }],
    fixed: { gender: GENDER.woman, ethnicity: ETHNICITY.indian },
    answers: { disabled: ['No'], language: ['English'], carer: ['No'] },
  }),
  // Volunteered twice: counted once.
  {
    dob: '1999-09-09',
    memberships: [
      ['2025-01-01', '2025-03-01'],
      ['2026-02-01', null],
    ],
    roles: [
      { team: 'east', from: '2025-01-01', until: '2025-03-01' },
      { team: 'north', from: '2026-02-01' },
    ],
    fixed: { gender: GENDER.man, ethnicity: ETHNICITY.whiteBritish },
  },
  // Applicants.
  ...many(6, {
    dob: '2000-01-01',
    fixed: { gender: GENDER.woman },
    applications: [{ team: 'north', on: '2026-02-10T10:00:00Z', status: 'submitted' }],
  }),
  ...many(2, {
    fixed: { gender: GENDER.man, ethnicity: ETHNICITY.whiteBritish },
    applications: [{ team: 'south', on: '2026-01-01T00:30:00Z', status: 'accepted' }],
  }),
  {
    fixed: { gender: GENDER.nonBinary },
    applications: [{ team: 'north', on: '2025-12-31T23:30:00Z', status: 'accepted' }],
  },
  ...many(3, {
    fixed: { gender: GENDER.woman },
    applications: [{ team: 'north', on: '2026-12-31T23:59:00Z', status: 'accepted' }],
  }),
  { fixed: { gender: GENDER.man }, applications: [{ team: 'north', on: null, status: 'pending' }] },
  ...many(5, {
    fixed: { gender: GENDER.man, ethnicity: ETHNICITY.whiteBritish },
    answers: { language: ['English'] },
    applications: [{ team: 'south', role: 'steward', on: '2026-05-05T12:00:00Z', status: 'accepted' }],
  }),
  ...many(2, {
    fixed: { gender: GENDER.woman },
    applications: [
      { team: 'north', on: '2026-06-01T09:00:00Z', status: 'declined' },
      { team: 'south', on: '2026-07-01T09:00:00Z', status: 'accepted' },
    ],
  }),
  {
    fixed: { gender: GENDER.woman },
    applications: [{ team: 'north', on: '2026-03-03T09:00:00Z', status: 'withdrawn' }],
  },
  // A volunteer who applied before 2026.
  {
    dob: '1985-01-01',
    memberships: [['2025-06-01', null]],
    roles: [{ team: 'east', from: '2025-06-01' }],
    fixed: { gender: GENDER.woman },
    applications: [{ team: 'east', on: '2025-05-20T09:00:00Z', status: 'accepted' }],
  },
];

/** Organisation B's people: never counted for A. */
export const PEOPLE_B: readonly PersonSpec[] = [
  ...many(6, {
    dob: '1970-01-01',
    memberships: [['2025-06-01', null]],
    roles: [{ team: 'north', from: '2025-06-01' }],
    fixed: { gender: GENDER.man, ethnicity: ETHNICITY.african },
    answers: { disabled: ['No'] },
    applications: [{ team: 'north', on: '2026-04-04T09:00:00Z', status: 'accepted' }],
  }),
];

/** A stored organisation: its people with ids, and the ids of its teams, roles and questions. */
export type StoredOrganisation = {
  tenant: Tenant;
  people: Person[];
  team: Record<TeamName, number>;
  role: Record<RoleName, number>;
  /** Question ids and option ids (by option text) of the own questions. */
  question: Record<QuestionName, { id: number; option: Record<string, number> }>;
};

async function store(ctx: TestContext, specs: readonly PersonSpec[]): Promise<StoredOrganisation> {
  const db = ctx.db;
  const tenant = await createTenant(ctx.app);
  const organisationId = tenant.id;
  const team = {
    north: (await createTeam(db, organisationId, 'North')).id,
    south: (await createTeam(db, organisationId, 'South')).id,
    east: (await createTeam(db, organisationId, 'East')).id,
  };
  const role = {
    volunteer: (await createRoleProfile(db, organisationId, { displayName: 'Volunteer' })).id,
    steward: (await createRoleProfile(db, organisationId, { displayName: 'Steward' })).id,
  };
  const created = await createDiversityQuestions(db, organisationId);
  const [carer] = await db
    .insert(diversityQuestions)
    .values({ organisationId, questionText: 'Do you look after someone?', position: 3 })
    .returning();
  const carerOptions = await db
    .insert(diversityQuestionOptions)
    .values(
      ['Yes', 'No', 'Prefer not to say'].map((optionText, position) => ({
        organisationId,
        questionId: carer?.id ?? 0,
        optionText,
        position,
      })),
    )
    .returning();
  const question = {
    ...created,
    carer: {
      id: carer?.id ?? 0,
      option: Object.fromEntries(carerOptions.map((option) => [option.optionText, option.id])),
    },
  };
  const opportunities = new Map<string, number>();
  const opportunityOf = async (teamName: TeamName, roleName: RoleName) => {
    const key = `${teamName}/${roleName}`;
    if (!opportunities.has(key)) {
      const opportunity = await createOpportunity(db, organisationId, {
        teamId: team[teamName],
        roleProfileId: role[roleName],
      });
      opportunities.set(key, opportunity.id);
    }
    return opportunities.get(key) ?? 0;
  };
  const people: Person[] = [];
  for (const spec of specs) {
    const user = await createUser(db, organisationId, { dob: spec.dob ?? null });
    for (const [joinedOn, leftOn] of spec.memberships ?? []) {
      await createMembership(db, organisationId, user.id, { joinedOn, leftOn });
    }
    for (const held of spec.roles ?? []) {
      await db.insert(userRoles).values({
        organisationId,
        userId: user.id,
        teamId: team[held.team],
        roleProfileId: role[held.role ?? 'volunteer'],
        endDate: held.until ?? null,
        createdAt: new Date(`${held.from}T09:00:00Z`),
      });
    }
    const fixed = spec.fixed ?? {};
    if (Object.keys(fixed).length > 0) {
      await answerFixedDiversity(db, organisationId, user.id, {
        genderId: fixed.gender ?? null,
        genderAssignedId: fixed.gender_assigned ?? null,
        nationalityId: fixed.nationality ?? null,
        ethnicityId: fixed.ethnicity ?? null,
        sexualityId: fixed.sexuality ?? null,
        registeredDisabledId: fixed.registered_disabled ?? null,
        disabledSelectId: fixed.disabled_select ?? null,
        religionId: fixed.religion ?? null,
      });
    }
    for (const [name, texts] of Object.entries(spec.answers ?? {}) as Array<[QuestionName, string[]]>) {
      const asked = question[name];
      await answerDiversityQuestion(db, organisationId, {
        userId: user.id,
        questionId: asked.id,
        optionIds: texts.map((text) => asked.option[text] ?? 0),
      });
    }
    for (const application of spec.applications ?? []) {
      await createApplication(db, organisationId, {
        opportunityId: await opportunityOf(application.team, application.role ?? 'volunteer'),
        userId: user.id,
        status: application.status,
        completedAt: application.on === null ? null : new Date(application.on),
      });
    }
    people.push({ ...spec, id: user.id });
  }
  return { tenant, people, team, role, question };
}

/** Both organisations stored, and callers of A with each permission alone, both, and none. */
export async function buildWorld(ctx: TestContext) {
  await seedReferenceData(ctx.db);
  const a = await store(ctx, PEOPLE_A);
  const b = await store(ctx, PEOPLE_B);
  const callers = {
    reader: await a.tenant.person(['view-reports', 'view-diversity-reports']),
    reportsOnly: await a.tenant.person(['view-reports']),
    diversityOnly: await a.tenant.person(['view-diversity-reports']),
    nobody: await a.tenant.person([]),
    otherReader: await b.tenant.person(['view-reports', 'view-diversity-reports']),
  } satisfies Record<string, Caller>;
  return { a, b, ...callers };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** The filters of a report query, by name. */
export type Filter = { from: string; to: string; team?: TeamName[]; role?: RoleName[] };

const held = (person: Person, filter: Filter) =>
  (person.roles ?? []).some(
    (role) =>
      (!filter.team || filter.team.includes(role.team)) &&
      (!filter.role || filter.role.includes(role.role ?? 'volunteer')) &&
      role.from <= filter.to &&
      (role.until === undefined || role.until === null || role.until >= filter.from),
  );

/** People volunteering on some day of the period; with a team or role, holding one then. */
export function volunteers(organisation: StoredOrganisation, filter: Filter): Person[] {
  return organisation.people.filter(
    (person) =>
      (person.memberships ?? []).some(
        ([joined, left]) => joined <= filter.to && (left === null || left >= filter.from),
      ) && (!filter.team && !filter.role ? true : held(person, filter)),
  );
}

/** People with an application completed on a day of the period (UTC) to a matching opportunity. */
export function applicants(organisation: StoredOrganisation, filter: Filter, acceptedOnly = false): Person[] {
  return organisation.people.filter((person) =>
    (person.applications ?? []).some(
      (application) =>
        application.status !== 'pending' &&
        application.on !== null &&
        application.on.slice(0, 10) >= filter.from &&
        application.on.slice(0, 10) <= filter.to &&
        (!filter.team || filter.team.includes(application.team)) &&
        (!filter.role || filter.role.includes(application.role ?? 'volunteer')) &&
        (!acceptedOnly || application.status === 'accepted'),
    ),
  );
}

type Counted = Omit<DiversityReportGroup, 'people' | 'rows'> & {
  rows: Array<Omit<DiversityReportRow, 'count'>>;
  declined: boolean;
  notAnsweredLabel: string;
  counts: AnswerCounts;
};

const sumOf = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Counts of each fixed category and own question over `people`, worked out one person at a time. */
function counted(organisation: StoredOrganisation, people: readonly Person[]): Counted[] {
  const fixedGroups = diversityCategoryKeys.map((key): Counted => {
    const all = DIVERSITY_OPTIONS.filter((option) => option.field === key);
    const preferNot = all.find((option) => option.label === 'Prefer not to say');
    const options = all.filter((option) => option !== preferNot);
    const optionCounts = options.map(
      (option) => people.filter((person) => person.fixed?.[key] === option.id).length,
    );
    const declined = people.filter((person) => preferNot && person.fixed?.[key] === preferNot.id).length;
    return {
      key,
      category: key,
      question_id: null,
      label: CATEGORY_LABELS[key],
      multiple: false,
      rows: options.map((option) => ({
        key: `option-${option.id}`,
        id: option.id,
        label: option.label,
        kind: 'option',
      })),
      declined: true,
      notAnsweredLabel: 'Not answered',
      counts: {
        options: optionCounts,
        declined,
        notAnswered: people.length - declined - sumOf(optionCounts),
        people: people.length,
        multiple: false,
      },
    };
  });
  const questionGroups = QUESTIONS.map((question): Counted => {
    const ids = organisation.question[question.name];
    const real = question.options.filter((text) => text !== 'Prefer not to say');
    const chosen = (person: Person) => person.answers?.[question.name] ?? [];
    const answered = people.filter((person) => chosen(person).some((text) => real.includes(text))).length;
    const declined = people.filter(
      (person) => chosen(person).length > 0 && chosen(person).every((text) => text === 'Prefer not to say'),
    ).length;
    return {
      key: `question-${ids.id}`,
      category: null,
      question_id: ids.id,
      label: question.text,
      multiple: question.multiple,
      rows: real.map((text) => ({
        key: `option-${ids.option[text]}`,
        id: ids.option[text] ?? 0,
        label: text,
        kind: 'option',
      })),
      declined: true,
      notAnsweredLabel: 'Not answered',
      counts: {
        options: real.map((text) => people.filter((person) => chosen(person).includes(text)).length),
        declined,
        notAnswered: people.length - answered - declined,
        people: people.length,
        multiple: question.multiple,
      },
    };
  });
  return [...fixedGroups, ...questionGroups];
}

/** A person's age in whole years on `day` (both `YYYY-MM-DD`). */
export function ageOn(dob: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dob.slice(0, 4));
  return day.slice(5) < dob.slice(5) ? years - 1 : years;
}

const BANDS: ReadonlyArray<[string, string, number]> = [
  ['under-18', 'Under 18', 17],
  ['18-24', '18 to 24', 24],
  ['25-34', '25 to 34', 34],
  ['35-44', '35 to 44', 44],
  ['45-54', '45 to 54', 54],
  ['55-64', '55 to 64', 64],
  ['65-plus', '65 and over', Number.POSITIVE_INFINITY],
];

function countedAges(people: readonly Person[], day: string): Counted {
  const bandOf = (dob: string) => BANDS.find(([, , max]) => ageOn(dob, day) <= max)?.[0];
  const options = BANDS.map(
    ([key]) => people.filter((person) => person.dob && bandOf(person.dob) === key).length,
  );
  return {
    key: 'age',
    category: null,
    question_id: null,
    label: 'Age',
    multiple: false,
    rows: BANDS.map(([key, label]) => ({ key, id: null, label, kind: 'band' })),
    declined: false,
    notAnsweredLabel: 'Not given',
    counts: {
      options,
      declined: null,
      notAnswered: people.filter((person) => !person.dob).length,
      people: people.length,
      multiple: false,
    },
  };
}

function shown(group: Counted): DiversityReportGroup {
  const figures = suppressAnswers(group.counts);
  const rows: DiversityReportRow[] = group.rows.map((row, index) => ({
    ...row,
    count: figures.options[index] ?? -1,
  }));
  if (group.declined) {
    const preferNot =
      group.category !== null
        ? (DIVERSITY_OPTIONS.find(
            (option) => option.field === group.category && option.label === 'Prefer not to say',
          )?.id ?? null)
        : null;
    rows.push({
      key: 'prefer-not-to-say',
      id: preferNot,
      label: 'Prefer not to say',
      kind: 'prefer_not_to_say',
      count: figures.declined ?? -1,
    });
  }
  rows.push({
    key: 'not-answered',
    id: null,
    label: group.notAnsweredLabel,
    kind: 'not_answered',
    count: figures.notAnswered,
  });
  return {
    key: group.key,
    category: group.category,
    question_id: group.question_id,
    label: group.label,
    multiple: group.multiple,
    people: figures.people,
    rows,
  };
}

/** The expected groups of a diversity report over `people`. */
export function expectedGroups(
  organisation: StoredOrganisation,
  people: readonly Person[],
): DiversityReportGroup[] {
  const groups = counted(organisation, people).map(shown);
  // The carer question's "Prefer not to say" is one of its options: its row carries the option id.
  const carer = organisation.question.carer;
  return groups.map((group) =>
    group.question_id === carer.id
      ? {
          ...group,
          rows: group.rows.map((row) =>
            row.kind === 'prefer_not_to_say'
              ? { ...row, id: carer.option['Prefer not to say'] ?? null }
              : row,
          ),
        }
      : group,
  );
}

/** The expected age group of the user-dob report over `people`, ages taken on `day`. */
export function expectedAges(people: readonly Person[], day: string): DiversityReportGroup {
  return shown(countedAges(people, day));
}

/** The expected rows of the overview over `people`. */
export function expectedOverview(
  organisation: StoredOrganisation,
  people: readonly Person[],
  day: string,
): DiversityOverviewRow[] {
  return [...counted(organisation, people), countedAges(people, day)].map((group) => {
    const figures = suppressAnswers(group.counts);
    return {
      key: group.key,
      category: group.category,
      question_id: group.question_id,
      label: group.label,
      people: figures.people,
      answered: figures.answered,
      prefer_not_to_say: figures.declined,
      not_answered: figures.notAnswered,
    };
  });
}

/** The raw (unsuppressed) counts of one row, for the tests that name a figure. */
export function rawCount(
  organisation: StoredOrganisation,
  people: readonly Person[],
  key: string,
  rowKey: string,
): number {
  const group = [...counted(organisation, people), countedAges(people, '2026-12-31')].find(
    (item) => item.key === key,
  );
  if (!group) {
    return -1;
  }
  const index = group.rows.findIndex((row) => row.key === rowKey);
  if (index >= 0) {
    return group.counts.options[index] ?? -1;
  }
  return rowKey === 'prefer-not-to-say' ? (group.counts.declined ?? -1) : group.counts.notAnswered;
}

/** The query string asking for `filter` of `organisation` (its teams and roles by id). */
export function queryOf(filter: Filter, organisation: StoredOrganisation): string {
  const teams = (filter.team ?? []).map((name) => `&team=${organisation.team[name]}`);
  const roles = (filter.role ?? []).map((name) => `&role_profile=${organisation.role[name]}`);
  return `?from=${filter.from}&to=${filter.to}${teams.join('')}${roles.join('')}`;
}
