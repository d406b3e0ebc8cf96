import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { userSkills, type SkillLevel } from '../../../db/schema/index.js';
import { createDynamicSkill, createSkill, createSkillCategory } from '../../../test/factories/people-work.js';
import { createUser } from '../../../test/factories/user.js';
import {
  createReportWorld,
  expectRefusals,
  inTeams,
  localDayOf,
  type Answer,
  type ReportWorld,
} from './report-test-support.js';

/*
 * The skills reports (/reports/users/skills, skills/users, dynamic-skills,
 * skills/dynamic-skill-category/{id} and …/user/{userId}) over hand-built skills lists and
 * holdings: the expected rows are worked out here from the plain data below.
 */

type CategoryPlan = { key: string; name: string; position: number };
type SkillPlan = { key: string; category: string; name: string; position: number; options: OptionPlan[] };
type OptionPlan = { key: string; name: string; position: number; active?: boolean };
type PersonPlan = {
  key: string;
  first: string;
  last: string;
  status?: number;
  roles: { team: string; from: string; until?: string }[];
};
type HoldingPlan = {
  person: string;
  skill: string;
  option: string | null;
  level: SkillLevel | null;
  recorded: string;
  expires: string | null;
};

const categories: CategoryPlan[] = [
  // Listed second though made first: order is by position.
  { key: 'aid', name: 'Health', position: 2 },
  { key: 'comms', name: 'Communication', position: 1 },
];
const skillPlans: SkillPlan[] = [
  {
    key: 'languages',
    category: 'comms',
    name: 'Languages',
    position: 1,
    options: [
      { key: 'welsh', name: 'Welsh', position: 1 },
      { key: 'bsl', name: 'British Sign Language', position: 0 },
      { key: 'french', name: 'French', position: 2, active: false },
    ],
  },
  {
    key: 'driving',
    category: 'comms',
    name: 'Driving',
    position: 0,
    options: [
      { key: 'car', name: 'Car', position: 0 },
      { key: 'minibus', name: 'Minibus', position: 1 },
    ],
  },
  { key: 'firstAid', category: 'aid', name: 'First aid at work', position: 0, options: [] },
  { key: 'unused', category: 'aid', name: 'Lifeguard', position: 1, options: [] },
];
const personPlans: PersonPlan[] = [
  { key: 'ada', first: 'Ada', last: 'Adams', roles: [{ team: 'north', from: '2025-01-01' }] },
  { key: 'ben', first: 'Ben', last: 'Brown', roles: [{ team: 'south', from: '2025-01-01' }] },
  {
    key: 'cat',
    first: 'Cat',
    last: 'Clark',
    roles: [{ team: 'north', from: '2024-01-01', until: '2025-12-31' }],
  },
  {
    key: 'dan',
    first: 'Dan',
    last: 'Dunn',
    status: USER_STATUS.left,
    roles: [{ team: 'south', from: '2025-01-01' }],
  },
];
const holdings: HoldingPlan[] = [
  {
    person: 'ada',
    skill: 'languages',
    option: 'welsh',
    level: 'advanced',
    recorded: '2025-06-01T10:00:00Z',
    expires: null,
  },
  {
    person: 'ada',
    skill: 'languages',
    option: 'bsl',
    level: null,
    recorded: '2026-02-01T10:00:00Z',
    expires: null,
  },
  {
    person: 'ada',
    skill: 'languages',
    option: null,
    level: 'expert',
    recorded: '2026-03-01T10:00:00Z',
    expires: null,
  },
  {
    person: 'ada',
    skill: 'firstAid',
    option: null,
    level: null,
    recorded: '2025-01-10T10:00:00Z',
    expires: '2026-01-31',
  },
  // Recorded 00:30 UTC on New Year's Day: January in London (winter), whatever the server's zone.
  {
    person: 'ben',
    skill: 'languages',
    option: 'welsh',
    level: 'beginner',
    recorded: '2026-01-01T00:30:00Z',
    expires: null,
  },
  {
    person: 'ben',
    skill: 'driving',
    option: 'car',
    level: null,
    recorded: '2025-12-31T23:30:00Z',
    expires: '2026-12-31',
  },
  {
    person: 'cat',
    skill: 'firstAid',
    option: null,
    level: null,
    recorded: '2024-01-01T10:00:00Z',
    expires: '2025-12-31',
  },
  {
    person: 'cat',
    skill: 'driving',
    option: 'minibus',
    level: 'intermediate',
    recorded: '2026-03-31T10:00:00Z',
    expires: null,
  },
  {
    person: 'dan',
    skill: 'languages',
    option: 'welsh',
    level: null,
    recorded: '2025-01-01T10:00:00Z',
    expires: '2026-01-15',
  },
  {
    person: 'dan',
    skill: 'languages',
    option: 'french',
    level: null,
    recorded: '2025-01-01T10:00:00Z',
    expires: null,
  },
];

let world: ReportWorld;
const categoryIds = new Map<string, number>();
const skillIds = new Map<string, number>();
const optionIds = new Map<string, number>();
const personIds = new Map<string, number>();
let foreign: { skill: number; user: number };

beforeAll(async () => {
  world = await createReportWorld();
  const { db } = world.ctx;
  const org = world.a.id;
  for (const category of categories) {
    const row = await createSkillCategory(db, org, { name: category.name, position: category.position });
    categoryIds.set(category.key, row.id);
  }
  for (const skill of skillPlans) {
    const row = await createSkill(db, org, categoryIds.get(skill.category) ?? 0, {
      name: skill.name,
      position: skill.position,
      expires: skill.key === 'firstAid',
    });
    skillIds.set(skill.key, row.id);
    for (const option of skill.options) {
      const optionRow = await createDynamicSkill(db, org, row.id, {
        name: option.name,
        position: option.position,
        active: option.active ?? true,
      });
      optionIds.set(option.key, optionRow.id);
    }
  }
  for (const person of personPlans) {
    const user = await createUser(db, org, {
      firstName: person.first,
      lastName: person.last,
      statusId: person.status ?? USER_STATUS.active,
    });
    personIds.set(person.key, user.id);
    for (const role of person.roles) {
      await world.holdRole(org, user.id, role.team, role.from, role.until ?? null);
    }
  }
  for (const holding of holdings) {
    await db.insert(userSkills).values({
      organisationId: org,
      userId: personIds.get(holding.person) ?? 0,
      skillId: skillIds.get(holding.skill) ?? 0,
      dynamicSkillId: holding.option ? (optionIds.get(holding.option) ?? 0) : null,
      level: holding.level,
      expiresOn: holding.expires,
      createdAt: new Date(holding.recorded),
    });
  }
  // Another organisation's skill, option and holder: never counted, and 404 by path.
  const otherCategory = await createSkillCategory(db, world.b.id, { name: 'Communication' });
  const otherSkill = await createSkill(db, world.b.id, otherCategory.id, { name: 'Languages' });
  const otherOption = await createDynamicSkill(db, world.b.id, otherSkill.id, { name: 'Welsh' });
  const otherUser = await createUser(db, world.b.id);
  await db.insert(userSkills).values({
    organisationId: world.b.id,
    userId: otherUser.id,
    skillId: otherSkill.id,
    dynamicSkillId: otherOption.id,
    createdAt: new Date('2026-01-05T10:00:00Z'),
  });
  foreign = { skill: otherSkill.id, user: otherUser.id };
}, 60_000);
afterAll(() => world?.ctx.close());

// ——— The expected answers, from the plain data ———

const dayOf = localDayOf;
const held = (holding: HoldingPlan, from: string, to: string) =>
  dayOf(holding.recorded) <= to && (holding.expires === null || holding.expires >= from);

function kept(from: string, to: string, teamNames: string[]) {
  const roles = personPlans.flatMap((person) =>
    person.roles.map((role) => ({
      user: personIds.get(person.key) ?? 0,
      team: role.team,
      from: role.from,
      until: role.until ?? null,
    })),
  );
  const inTeam = inTeams(roles, teamNames, from, to);
  return (holding: HoldingPlan) =>
    held(holding, from, to) && (teamNames.length === 0 || inTeam.has(personIds.get(holding.person) ?? 0));
}

const skillOrder = (x: SkillPlan, y: SkillPlan) => {
  const cx = categories.find((category) => category.key === x.category);
  const cy = categories.find((category) => category.key === y.category);
  return (cx?.position ?? 0) - (cy?.position ?? 0) || x.position - y.position;
};
const orderedSkills = () => [...skillPlans].sort(skillOrder);

function expectedSkills(from: string, to: string, teamNames: string[] = []) {
  const counted = holdings.filter(kept(from, to, teamNames));
  return orderedSkills().map((skill) => {
    const of = counted.filter((holding) => holding.skill === skill.key);
    const expiring = of.filter(
      (holding) => holding.expires !== null && holding.expires >= from && holding.expires <= to,
    );
    return {
      id: skillIds.get(skill.key),
      label: skill.name,
      category_id: categoryIds.get(skill.category),
      category: categories.find((category) => category.key === skill.category)?.name,
      count: new Set(of.map((holding) => holding.person)).size,
      expiring: new Set(expiring.map((holding) => holding.person)).size,
    };
  });
}

function expectedSkillUsers(from: string, to: string, teamNames: string[] = []) {
  const personOrder = (key: string) => personPlans.findIndex((person) => person.key === key);
  const skillRank = (key: string) => orderedSkills().findIndex((skill) => skill.key === key);
  const optionRank = (holding: HoldingPlan) =>
    holding.option === null
      ? -1
      : (skillPlans
          .find((skill) => skill.key === holding.skill)
          ?.options.find((option) => option.key === holding.option)?.position ?? 0);
  return holdings
    .filter(kept(from, to, teamNames))
    .sort(
      (x, y) =>
        personOrder(x.person) - personOrder(y.person) ||
        skillRank(x.skill) - skillRank(y.skill) ||
        optionRank(x) - optionRank(y),
    )
    .map((holding) => {
      const person = personPlans.find((plan) => plan.key === holding.person);
      const skill = skillPlans.find((plan) => plan.key === holding.skill);
      return {
        user_id: personIds.get(holding.person),
        first_name: person?.first,
        last_name: person?.last,
        skill_id: skillIds.get(holding.skill),
        skill: skill?.name,
        category: categories.find((category) => category.key === skill?.category)?.name,
        dynamic_skill_id: holding.option ? optionIds.get(holding.option) : null,
        option: skill?.options.find((option) => option.key === holding.option)?.name ?? null,
        level: holding.level,
        expires_on: holding.expires,
      };
    });
}

function optionsOf(skill: SkillPlan, from: string, to: string, teamNames: string[]) {
  const counted = holdings.filter(kept(from, to, teamNames));
  return [...skill.options]
    .sort((x, y) => x.position - y.position)
    .map((option) => ({
      id: optionIds.get(option.key),
      label: option.name,
      count: new Set(
        counted.filter((holding) => holding.option === option.key).map((holding) => holding.person),
      ).size,
    }));
}

function expectedDynamicSkills(from: string, to: string, teamNames: string[] = []) {
  return orderedSkills().flatMap((skill) =>
    optionsOf(skill, from, to, teamNames).map((option) => ({
      ...option,
      skill_id: skillIds.get(skill.key),
      skill: skill.name,
    })),
  );
}

function expectedCategory(skillKey: string, from: string, to: string, teamNames: string[] = []) {
  const skill = skillPlans.find((plan) => plan.key === skillKey);
  if (!skill) {
    return [];
  }
  const bare = new Set(
    holdings
      .filter(kept(from, to, teamNames))
      .filter((holding) => holding.skill === skillKey && holding.option === null)
      .map((holding) => holding.person),
  );
  return [
    ...optionsOf(skill, from, to, teamNames),
    ...(bare.size > 0 ? [{ id: null, label: skill.name, count: bare.size }] : []),
  ];
}

function expectedCategoryUser(
  skillKey: string,
  personKey: string,
  from: string,
  to: string,
  teamNames: string[] = [],
) {
  const skill = skillPlans.find((plan) => plan.key === skillKey);
  const rank = (holding: HoldingPlan) =>
    holding.option === null
      ? -1
      : (skill?.options.find((option) => option.key === holding.option)?.position ?? 0);
  return holdings
    .filter(kept(from, to, teamNames))
    .filter((holding) => holding.skill === skillKey && holding.person === personKey)
    .sort((x, y) => rank(x) - rank(y))
    .map((holding) => ({
      id: holding.option ? optionIds.get(holding.option) : null,
      label: skill?.options.find((option) => option.key === holding.option)?.name ?? skill?.name,
      level: holding.level,
      expires_on: holding.expires,
      recorded_on: dayOf(holding.recorded),
    }));
}

// ——— Calls ———

const PERIODS = [
  ['2026-01-01', '2026-12-31'],
  ['2025-01-01', '2025-12-31'],
  ['2026-01-01', '2026-01-31'],
  ['2026-02-01', '2026-03-30'],
  ['2025-12-31', '2025-12-31'],
] as const;

async function data<Row>(path: string, query: string) {
  const response = await world.get(world.reader, path, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<Row>>().data;
}

const categoryPath = (skillKey: string) =>
  `/reports/users/skills/dynamic-skill-category/${skillIds.get(skillKey)}`;
const userPath = (skillKey: string, personKey: string) =>
  `${categoryPath(skillKey)}/user/${personIds.get(personKey)}`;

describe('GET /reports/users/skills', () => {
  it('counts the people holding each skill in the period, any option once, and those whose holding ends in it', async () => {
    for (const [from, to] of PERIODS) {
      expect(await data('/reports/users/skills', `?from=${from}&to=${to}`), `${from}..${to}`).toEqual(
        expectedSkills(from, to),
      );
    }
    const year = await data<{ label: string; count: number; expiring: number }>(
      '/reports/users/skills',
      '?from=2026-01-01&to=2026-12-31',
    );
    expect(year.map(({ label, count, expiring }) => [label, count, expiring])).toEqual([
      ['Driving', 2, 1],
      ['Languages', 3, 1],
      ['First aid at work', 1, 1],
      ['Lifeguard', 0, 0],
    ]);
  });

  it('includes both edge days: a holding recorded on the last day or ending on the first counts', async () => {
    const lastDay = await data<{ label: string; count: number }>(
      '/reports/users/skills',
      '?from=2026-03-01&to=2026-03-31',
    );
    expect(lastDay.find((row) => row.label === 'Driving')?.count).toBe(2);
    const beforeIt = await data<{ label: string; count: number }>(
      '/reports/users/skills',
      '?from=2026-03-01&to=2026-03-30',
    );
    expect(beforeIt.find((row) => row.label === 'Driving')?.count).toBe(1);
    const endsOnFirst = await data<{ label: string; count: number; expiring: number }>(
      '/reports/users/skills',
      '?from=2026-01-31&to=2026-02-28',
    );
    expect(endsOnFirst.find((row) => row.label === 'First aid at work')).toMatchObject({
      count: 1,
      expiring: 1,
    });
    const after = await data<{ label: string; count: number }>(
      '/reports/users/skills',
      '?from=2026-02-01&to=2026-02-28',
    );
    expect(after.find((row) => row.label === 'First aid at work')?.count).toBe(0);
  });

  it('narrows to the teams asked for', async () => {
    const north = await world.team(world.a.id, 'north');
    const south = await world.team(world.a.id, 'south');
    for (const [from, to] of PERIODS) {
      expect(await data('/reports/users/skills', `?from=${from}&to=${to}&team=${north}`)).toEqual(
        expectedSkills(from, to, ['north']),
      );
      expect(await data('/reports/users/skills', `?from=${from}&to=${to}&team=${south}`)).toEqual(
        expectedSkills(from, to, ['south']),
      );
    }
  });

  it('never counts another organisation’s skills or people', async () => {
    const other = await world.get(
      world.otherReader,
      '/reports/users/skills',
      '?from=2026-01-01&to=2026-12-31',
    );
    expect(other.json<Answer<{ label: string; count: number }>>().data).toEqual([
      expect.objectContaining({ label: 'Languages', count: 1, expiring: 0 }),
    ]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/skills');
  });
});

describe('GET /reports/users/skills/users', () => {
  it('lists each holding of the period by person, then in category, skill and option order', async () => {
    for (const [from, to] of PERIODS) {
      expect(await data('/reports/users/skills/users', `?from=${from}&to=${to}`), `${from}..${to}`).toEqual(
        expectedSkillUsers(from, to),
      );
    }
    const north = await world.team(world.a.id, 'north');
    expect(await data('/reports/users/skills/users', `?from=2025-06-01&to=2026-06-30&team=${north}`)).toEqual(
      expectedSkillUsers('2025-06-01', '2026-06-30', ['north']),
    );
    const other = await world.get(
      world.otherReader,
      '/reports/users/skills/users',
      '?from=2026-01-01&to=2026-12-31',
    );
    expect(other.json<Answer<{ user_id: number }>>().data.map((row) => row.user_id)).toEqual([foreign.user]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/skills/users');
  });
});

describe('GET /reports/users/dynamic-skills', () => {
  it('counts the people holding each option of every skill, grouped by skill', async () => {
    for (const [from, to] of PERIODS) {
      expect(await data('/reports/users/dynamic-skills', `?from=${from}&to=${to}`), `${from}..${to}`).toEqual(
        expectedDynamicSkills(from, to),
      );
    }
    const south = await world.team(world.a.id, 'south');
    expect(
      await data('/reports/users/dynamic-skills', `?from=2025-01-01&to=2026-12-31&team=${south}`),
    ).toEqual(expectedDynamicSkills('2025-01-01', '2026-12-31', ['south']));
    const year = await data<{ label: string; count: number }>(
      '/reports/users/dynamic-skills',
      '?from=2026-01-01&to=2026-12-31',
    );
    expect(year.map(({ label, count }) => [label, count])).toEqual([
      ['Car', 1],
      ['Minibus', 1],
      ['British Sign Language', 1],
      ['Welsh', 3],
      ['French', 1],
    ]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/dynamic-skills');
  });
});

describe('GET /reports/users/skills/dynamic-skill-category/{id}', () => {
  it('counts the people holding each option of the skill, then those holding it without one', async () => {
    for (const skill of ['languages', 'driving', 'firstAid']) {
      for (const [from, to] of PERIODS) {
        expect(await data(categoryPath(skill), `?from=${from}&to=${to}`), `${skill} ${from}..${to}`).toEqual(
          expectedCategory(skill, from, to),
        );
      }
    }
    expect(await data(categoryPath('languages'), '?from=2026-03-01&to=2026-03-31')).toEqual([
      { id: optionIds.get('bsl'), label: 'British Sign Language', count: 1 },
      { id: optionIds.get('welsh'), label: 'Welsh', count: 2 },
      { id: optionIds.get('french'), label: 'French', count: 1 },
      { id: null, label: 'Languages', count: 1 },
    ]);
    const north = await world.team(world.a.id, 'north');
    expect(await data(categoryPath('languages'), `?from=2026-01-01&to=2026-12-31&team=${north}`)).toEqual(
      expectedCategory('languages', '2026-01-01', '2026-12-31', ['north']),
    );
    // The path may end with a slash, as the catalogue writes it.
    expect(
      (await world.get(world.reader, `${categoryPath('driving')}/`, '?from=2026-01-01')).statusCode,
    ).toBe(200);
  });

  it('answers 404 for a skill of another organisation, or none', async () => {
    for (const id of [String(foreign.skill), '2147483000', 'abc', '0']) {
      const response = await world.get(world.reader, `/reports/users/skills/dynamic-skill-category/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
    const theirs = await world.get(
      world.otherReader,
      `/reports/users/skills/dynamic-skill-category/${foreign.skill}`,
      '?from=2026-01-01&to=2026-12-31',
    );
    expect(theirs.json<Answer<{ count: number }>>().data).toEqual([
      expect.objectContaining({ label: 'Welsh', count: 1 }),
    ]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, categoryPath('languages'));
  });
});

describe('GET /reports/users/skills/dynamic-skill-category/{id}/user/{userId}', () => {
  it('lists what the person held of the skill in the period, the skill itself first', async () => {
    for (const [skill, person] of [
      ['languages', 'ada'],
      ['languages', 'dan'],
      ['driving', 'cat'],
      ['firstAid', 'ada'],
      ['driving', 'ada'],
    ] as const) {
      for (const [from, to] of PERIODS) {
        expect(
          await data(userPath(skill, person), `?from=${from}&to=${to}`),
          `${skill} ${person} ${from}..${to}`,
        ).toEqual(expectedCategoryUser(skill, person, from, to));
      }
    }
    expect(await data(userPath('languages', 'ada'), '?from=2026-03-01&to=2026-03-31')).toEqual([
      { id: null, label: 'Languages', level: 'expert', expires_on: null, recorded_on: '2026-03-01' },
      {
        id: optionIds.get('bsl'),
        label: 'British Sign Language',
        level: null,
        expires_on: null,
        recorded_on: '2026-02-01',
      },
      {
        id: optionIds.get('welsh'),
        label: 'Welsh',
        level: 'advanced',
        expires_on: null,
        recorded_on: '2025-06-01',
      },
    ]);
  });

  it('has no rows for a person outside the team filter', async () => {
    const north = await world.team(world.a.id, 'north');
    const south = await world.team(world.a.id, 'south');
    expect(await data(userPath('languages', 'ada'), `?from=2026-01-01&to=2026-12-31&team=${south}`)).toEqual(
      [],
    );
    expect(await data(userPath('languages', 'ada'), `?from=2026-01-01&to=2026-12-31&team=${north}`)).toEqual(
      expectedCategoryUser('languages', 'ada', '2026-01-01', '2026-12-31', ['north']),
    );
  });

  it('answers 404 for a skill or a user of another organisation', async () => {
    const mine = { skill: skillIds.get('languages'), user: personIds.get('ada') };
    for (const [skill, user] of [
      [foreign.skill, mine.user],
      [mine.skill, foreign.user],
      [mine.skill, 2147483000],
      [mine.skill, 'x'],
    ] as const) {
      const response = await world.get(
        world.reader,
        `/reports/users/skills/dynamic-skill-category/${skill}/user/${user}`,
      );
      expect(response.statusCode, `${skill}/${user}`).toBe(404);
    }
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, userPath('languages', 'ada'));
  });
});
