import { parseOptions } from '@node-rs/argon2';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { generate, verify } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../modules/auth/passwords.js';
import { createTestDatabase } from '../../test/context.js';
import { createConsent, createOpportunity, createQuestion, createTeam } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createUser } from '../../test/factories/user.js';
import type { Database } from '../client.js';
import {
  attributes,
  consents,
  countries,
  customFieldTypes,
  diversityOptions,
  diversityQuestionDependencies,
  diversityQuestionOptions,
  diversityQuestions,
  fileTypes,
  formSectionAdditionalConsents,
  formSectionAttributes,
  formSectionConsents,
  formSectionDocuments,
  formSections,
  formSectionTerms,
  motivations,
  opportunities,
  organisationHosts,
  organisations,
  permissions,
  rolePermissionGrants,
  teamChangeoverDays,
  timezones,
  residentialBookings,
  userConsentAnswers,
  userDiversityAnswers,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
  userEmailAddresses,
  userRoles,
  users,
  userStatuses,
  userSupervisors,
} from '../schema/index.js';
import {
  BEACH_CLEAN_SECTION_TYPES,
  DEMO_ACCOUNTS,
  DEMO_CHANGEOVER_DAY,
  DEMO_OPPORTUNITY_SLUGS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  demoResidentialClosures,
  seedDemo,
  seedDemoIfEmpty,
  type DemoSeedResult,
} from './demo.js';
import { PERMISSION_NAMES, seedReferenceData } from './reference-data.js';
import { nightlyAvailability } from '../../modules/residential/repository.js';

let db: Database;
let drop: () => Promise<void>;
let demo: DemoSeedResult;
const today = new Date('2026-03-10T08:00:00Z');

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.database.db;
  drop = created.drop;
  const result = await seedDemoIfEmpty(db, { today });
  if (!result) {
    throw new Error('the demo was not seeded on an empty database');
  }
  demo = result;
});
afterAll(() => drop());

async function tableCounts() {
  const [c] = await db.select({ n: count() }).from(countries);
  const [t] = await db.select({ n: count() }).from(timezones);
  const [f] = await db.select({ n: count() }).from(fileTypes);
  const [s] = await db.select({ n: count() }).from(userStatuses);
  const [p] = await db.select({ n: count() }).from(permissions);
  const [d] = await db.select({ n: count() }).from(diversityOptions);
  return { countries: c?.n, timezones: t?.n, fileTypes: f?.n, statuses: s?.n, permissions: p?.n, diversity: d?.n };
}

async function opportunityBySlug(slug: string) {
  const [row] = await db
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.organisationId, demo.organisationId), eq(opportunities.slug, slug)));
  if (!row) {
    throw new Error(`no opportunity ${slug}`);
  }
  return row;
}

async function sectionsOf(opportunityId: number) {
  return db.select().from(formSections).where(eq(formSections.opportunityId, opportunityId)).orderBy(asc(formSections.position));
}

describe('reference data', () => {
  it('loads about 240 countries with their dial codes', async () => {
    const rows = await db.select().from(countries);
    expect(rows.length).toBeGreaterThanOrEqual(230);
    expect(rows.length).toBeLessThanOrEqual(260);
    expect(rows.find((row) => row.region === 'GB')).toEqual({ region: 'GB', name: 'United Kingdom', countryCode: '44' });
    expect(rows.find((row) => row.region === 'US')?.countryCode).toBe('1');
  });

  it('loads every time zone with a stable display text, UTC included', async () => {
    const rows = await db.select().from(timezones);
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.find((row) => row.name === 'Europe/London')?.displayText).toBe('(GMT+01:00) Europe/London');
    expect(rows.find((row) => row.name === 'UTC')?.displayText).toBe('(GMT+00:00) UTC');
    expect(rows.find((row) => row.name === 'Australia/Adelaide')?.displayText).toBe('(GMT+09:30) Australia/Adelaide');
    expect(rows.find((row) => row.name === 'America/St_Johns')?.displayText).toBe('(GMT-02:30) America/St_Johns');
  });

  it('loads the file types with their kinds', async () => {
    const rows = await db.select().from(fileTypes);
    const kindOf = (mime: string) => rows.find((row) => row.mime === mime)?.kind;
    expect(kindOf('image/png')).toBe('Image');
    expect(kindOf('application/pdf')).toBe('PDF');
    expect(kindOf('video/mp4')).toBe('Video');
    expect(kindOf('audio/mpeg')).toBe('Audio');
    expect(kindOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('Document');
  });

  it('loads the permissions the spec names', async () => {
    const names = (await db.select({ name: permissions.name }).from(permissions)).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['view-users', 'view-related-hierarchy-touchpoints', 'changeUserDetails']));
  });

  it('has the diversity options with exactly the ids of applicant-flow §3.3, in order', async () => {
    const rows = await db.select().from(diversityOptions).orderBy(asc(diversityOptions.position));
    const idsOf = (field: string) => rows.filter((row) => row.field === field).map((row) => row.id);
    expect(idsOf('gender')).toEqual([1, 2, 3, 98, 4]);
    expect(idsOf('gender_assigned')).toEqual([5, 6, 7]);
    expect(idsOf('registered_disabled')).toEqual([36, 37, 38, 39]);
    expect(idsOf('nationality')).toEqual([62, 63, 64, 65, 66, 67, 68]);
    expect(idsOf('ethnicity')).toEqual([15, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 23, 24, 95, 29]);
    expect(idsOf('sexuality')).toEqual([30, 31, 32, 34, 35]);
    expect(idsOf('disabled_select')).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(idsOf('religion')).toEqual([69, 71, 73, 74, 77, 80, 81, 83, 89, 88]);
    expect(rows.filter((row) => row.isOther).map((row) => row.id).sort((a, b) => a - b)).toEqual([29, 35, 37, 50, 68, 88]);
    const label = (id: number) => rows.find((row) => row.id === id)?.label;
    expect([label(1), label(2), label(3), label(98), label(4)]).toEqual([
      'Prefer not to say',
      'Man',
      'Woman',
      'Non-binary',
      'Other',
    ]);
    expect([label(36), label(37), label(38), label(39)]).toEqual(['Prefer not to say', 'Yes', 'No', "Don't know"]);
  });

  it('is idempotent: loading it again changes no counts', async () => {
    const before = await tableCounts();
    await seedReferenceData(db);
    await seedReferenceData(db);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('demo organisation', () => {
  it('is served at localhost and 127.0.0.1 with minor age 18 and £', async () => {
    const [organisation] = await db.select().from(organisations).where(eq(organisations.id, demo.organisationId));
    expect(organisation).toMatchObject({ name: 'Demo Volunteers', minorAge: 18, currencySymbol: '£' });
    const hosts = await db
      .select({ host: organisationHosts.host })
      .from(organisationHosts)
      .where(eq(organisationHosts.organisationId, demo.organisationId));
    expect(hosts.map((row) => row.host).sort()).toEqual(['127.0.0.1', 'localhost']);
  });

  it('is not seeded a second time by seedDemoIfEmpty', async () => {
    expect(await seedDemoIfEmpty(db, { today })).toBeNull();
    const [row] = await db.select({ n: count() }).from(organisations);
    expect(row?.n).toBe(1);
  });

  it('writes in one transaction: a second seedDemo fails on the taken hosts and leaves nothing behind', async () => {
    const before = await db.select({ n: count() }).from(users);
    await expect(seedDemo(db, { today })).rejects.toThrow();
    expect(await db.select({ n: count() }).from(organisations)).toEqual([{ n: 1 }]);
    expect(await db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('gives every account the demo password, hashed with argon2id (19 MiB, 2 passes, 1 lane)', async () => {
    const rows = await db
      .select({ email: userEmailAddresses.email, passwordHash: users.passwordHash, user: users })
      .from(userEmailAddresses)
      .innerJoin(users, eq(users.id, userEmailAddresses.userId))
      .where(inArray(userEmailAddresses.email, Object.values(DEMO_ACCOUNTS)));
    expect(rows.map((row) => row.email).sort()).toEqual(Object.values(DEMO_ACCOUNTS).sort());
    for (const row of rows) {
      const hash = row.passwordHash ?? '';
      expect(hash.startsWith('$argon2id$')).toBe(true);
      expect(parseOptions(hash)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
      expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(hash, 'volunteer123')).toBe(false);
      expect(row.user.firstName).not.toBe('');
      expect(row.user.dob).not.toBeNull();
    }
  });

  it('sets the two-factor methods, with the fixed TOTP secret on the authenticator-app account', async () => {
    const byEmail = async (email: string) => {
      const [row] = await db
        .select({ user: users })
        .from(userEmailAddresses)
        .innerJoin(users, eq(users.id, userEmailAddresses.userId))
        .where(eq(userEmailAddresses.email, email));
      return row?.user;
    };
    expect(await byEmail(DEMO_ACCOUNTS.applicant)).toMatchObject({ twoFactorEnabled: false });
    expect(await byEmail(DEMO_ACCOUNTS.email2fa)).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'email' });
    const app2fa = await byEmail(DEMO_ACCOUNTS.app2fa);
    expect(app2fa).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'auth_app', twoFactorSecret: DEMO_TOTP_SECRET });
    const code = await generate({ secret: DEMO_TOTP_SECRET });
    expect((await verify({ secret: app2fa?.twoFactorSecret ?? '', token: code })).valid).toBe(true);
  });

  it('grants the administrator every permission and makes the supervisor supervise someone', async () => {
    const adminGrants = await db
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(rolePermissionGrants, eq(rolePermissionGrants.roleProfileId, userRoles.roleProfileId))
      .where(eq(userRoles.userId, demo.userIds.admin));
    expect(adminGrants[0]?.n).toBe(PERMISSION_NAMES.length);
    const supervised = await db
      .select()
      .from(userSupervisors)
      .where(eq(userSupervisors.supervisorUserId, demo.userIds.supervisor));
    expect(supervised).toEqual([expect.objectContaining({ userId: demo.userIds.supervised })]);
  });

  it('builds beach-clean with every step type in order and one attribute of each of the 18 types', async () => {
    const beachClean = await opportunityBySlug(DEMO_OPPORTUNITY_SLUGS.beachClean);
    expect(beachClean.id).toBe(demo.opportunityIds.beachClean);
    const sections = await sectionsOf(beachClean.id);
    expect(sections.map((section) => section.type)).toEqual([...BEACH_CLEAN_SECTION_TYPES]);
    const byType = (type: string) => sections.find((section) => section.type === type);
    expect(byType('motivation')?.applyRightToWork).toBe(true);
    expect(byType('address-details')?.minAddressHistory).toBe(36);
    expect(byType('references')?.requestedReferences).toBe(2);
    expect(byType('diversity')).toMatchObject({ diversityCompulsory: false, diversityMode: 'v2' });

    const aboutYou = byType('about-you');
    const attributeTypes = await db
      .select({ type: attributes.type })
      .from(formSectionAttributes)
      .innerJoin(attributes, eq(attributes.id, formSectionAttributes.attributeId))
      .where(eq(formSectionAttributes.sectionId, aboutYou?.id ?? -1));
    expect(attributeTypes.map((row) => row.type).sort()).toEqual([...customFieldTypes].sort());

    const documents = await db
      .select()
      .from(formSectionDocuments)
      .where(eq(formSectionDocuments.sectionId, byType('supporting-documents')?.id ?? -1));
    expect(documents).toHaveLength(2);

    const review = byType('review-apply')?.id ?? -1;
    const reviewConsents = await db
      .select({ type: consents.type, compulsory: consents.compulsory })
      .from(formSectionConsents)
      .innerJoin(consents, eq(consents.id, formSectionConsents.consentId))
      .where(eq(formSectionConsents.sectionId, review));
    expect(reviewConsents.map((row) => row.type).sort()).toEqual(['checkbox', 'multiple-checkboxes', 'radio']);
    expect(reviewConsents.some((row) => row.compulsory)).toBe(true);
    expect(
      await db.select().from(formSectionAdditionalConsents).where(eq(formSectionAdditionalConsents.sectionId, review)),
    ).toHaveLength(2);
    expect(await db.select().from(formSectionTerms).where(eq(formSectionTerms.sectionId, review))).toHaveLength(2);
  });

  it('has v2 diversity questions with a dependency on an option and an Other option', async () => {
    const questions = await db
      .select()
      .from(diversityQuestions)
      .where(eq(diversityQuestions.organisationId, demo.organisationId));
    expect(questions.length).toBeGreaterThanOrEqual(3);
    const [dependency] = await db
      .select({ optionText: diversityQuestionOptions.optionText, child: diversityQuestionDependencies.questionId })
      .from(diversityQuestionDependencies)
      .innerJoin(diversityQuestionOptions, eq(diversityQuestionOptions.id, diversityQuestionDependencies.parentOptionId));
    expect(dependency?.optionText).toBe('Yes');
    const others = await db.select().from(diversityQuestionOptions).where(eq(diversityQuestionOptions.isOther, true));
    expect(others.length).toBeGreaterThan(0);
  });

  it('builds quick-help and residential-week with their steps', async () => {
    const quickHelp = await opportunityBySlug(DEMO_OPPORTUNITY_SLUGS.quickHelp);
    expect((await sectionsOf(quickHelp.id)).map((section) => section.type)).toEqual([
      'basic-details',
      'motivation',
      'about-you',
      'review-apply',
    ]);
    const residential = await opportunityBySlug(DEMO_OPPORTUNITY_SLUGS.residentialWeek);
    expect(residential.type).toBe('Residential-short');
    expect((await sectionsOf(residential.id)).map((section) => section.type)).toEqual([
      'basic-details',
      'residential',
      'review-apply',
    ]);
  });

  it('gives the residential team Saturday changeovers and availability for six months from the seed date', async () => {
    const residential = await opportunityBySlug(DEMO_OPPORTUNITY_SLUGS.residentialWeek);
    const changeovers = await db.select().from(teamChangeoverDays).where(eq(teamChangeoverDays.teamId, residential.teamId));
    expect(changeovers).toEqual([
      expect.objectContaining({ dayOfWeek: DEMO_CHANGEOVER_DAY, startDate: '2026-03-10', endDate: null }),
    ]);
    // Rooms: 8 private rooms and a 4-bed dormitory, open for the six months of the opportunity
    // except two weeks: all closed, then only the dormitory open.
    const closures = demoResidentialClosures(today);
    expect(closures.full).toEqual({ start_date: '2026-05-09', end_date: '2026-05-16' });
    const alone = await nightlyAvailability(db, demo.organisationId, residential.teamId, '2026-03-10', '2026-09-10', false);
    const sharing = await nightlyAvailability(db, demo.organisationId, residential.teamId, '2026-03-10', '2026-09-10', true);
    expect(Object.keys(alone)).toHaveLength(185);
    expect(alone['2026-03-10']).toEqual({ available_capacity: 8 });
    expect(sharing['2026-09-10']).toEqual({ available_capacity: 12 });
    expect(alone['2026-05-09']).toEqual({ available_capacity: 0 });
    expect(sharing['2026-05-15']).toEqual({ available_capacity: 0 });
    expect(alone['2026-05-16']).toEqual({ available_capacity: 0 });
    expect(sharing['2026-05-16']).toEqual({ available_capacity: 4 });
    expect(alone['2026-05-23']).toEqual({ available_capacity: 8 });
  });

  it('offers only public motivations as public', async () => {
    const rows = await db.select().from(motivations).where(eq(motivations.organisationId, demo.organisationId));
    expect(rows.filter((row) => row.public).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((row) => !row.public)).toBe(true);
  });
});

describe('test factories', () => {
  it('create users with unique emails and an optional verifiable password', async () => {
    const organisation = await createOrganisation(db);
    const first = await createUser(db, organisation.id, { password: 'Secret123' });
    const second = await createUser(db, organisation.id, { email: null, firstName: 'Nomail' });
    expect(first.email).toMatch(/@example\.test$/);
    expect(await verifyPassword(first.passwordHash ?? '', 'Secret123')).toBe(true);
    expect(second).toMatchObject({ email: null, firstName: 'Nomail', passwordHash: null });
    const emails = await db.select().from(userEmailAddresses).where(eq(userEmailAddresses.userId, second.id));
    expect(emails).toEqual([]);
  });

  it('create opportunities with their steps, a team and a role profile', async () => {
    const organisation = await createOrganisation(db);
    const plain = await createOpportunity(db, organisation.id);
    expect(plain.sections.map((section) => section.type)).toEqual(['basic-details', 'review-apply']);

    const consent = await createConsent(db, organisation.id, { compulsory: true });
    const question = await createQuestion(db, organisation.id, {
      type: 'radio',
      options: [{ value: 'a' }, { value: 'b', defaultSelected: true }],
    });
    const built = await createOpportunity(db, organisation.id, {
      slug: 'factory-residential',
      type: 'Residential-short',
      sections: [
        { type: 'basic-details' },
        { type: 'about-you', questionIds: [question.id] },
        { type: 'review-apply', name: 'Check and send', consentIds: [consent.id], additionalConsents: ['Yes please'] },
      ],
      subLocations: [{ name: 'Lodge', timeslots: [{ minDuration: 7, maxDuration: 21 }] }],
    });
    expect(built).toMatchObject({ slug: 'factory-residential', type: 'Residential-short', published: true });
    expect(built.sections.map((section) => [section.position, section.name])).toEqual([
      [0, 'Your details'],
      [1, 'About you'],
      [2, 'Check and send'],
    ]);
    expect(built.subLocations[0]?.timeslots[0]).toMatchObject({ minDuration: 7, maxDuration: 21 });
    expect(question.options.map((option) => [option.position, option.defaultSelected])).toEqual([
      [0, false],
      [1, true],
    ]);
    const reviewId = built.sections[2]?.id ?? -1;
    expect(await db.select().from(formSectionConsents).where(eq(formSectionConsents.sectionId, reviewId))).toHaveLength(1);
    await expect(createOpportunity(db, organisation.id, { slug: 'factory-residential' })).rejects.toThrow();
  });
});

describe('schema constraints', () => {
  it('keeps a consent answer within its own consent', async () => {
    const organisation = await createOrganisation(db);
    const user = await createUser(db, organisation.id);
    const radio = await createConsent(db, organisation.id, { type: 'radio', options: ['Yes', 'No'] });
    const other = await createConsent(db, organisation.id);
    const yes = radio.options[0]?.id ?? -1;
    const foreign = other.options[0]?.id ?? -1;
    const answer = { organisationId: organisation.id, userId: user.id, consentId: radio.id };
    await db.insert(userConsentAnswers).values({ ...answer, consentOptionId: yes });
    await expect(db.insert(userConsentAnswers).values({ ...answer, consentOptionId: foreign })).rejects.toThrow();
  });

  it('keeps a v2 diversity answer option within the answered question', async () => {
    const [first, second] = await db
      .select()
      .from(diversityQuestions)
      .where(eq(diversityQuestions.organisationId, demo.organisationId))
      .orderBy(asc(diversityQuestions.position));
    const options = await db.select().from(diversityQuestionOptions);
    const ofFirst = options.find((option) => option.questionId === first?.id);
    const ofSecond = options.find((option) => option.questionId === second?.id);
    if (!first || !ofFirst || !ofSecond) {
      throw new Error('demo diversity questions missing');
    }
    const [answer] = await db
      .insert(userDiversityQuestionAnswers)
      .values({ organisationId: demo.organisationId, userId: demo.userIds.applicant, questionId: first.id })
      .returning();
    const row = { organisationId: demo.organisationId, answerId: answer?.id ?? -1, questionId: first.id };
    await db.insert(userDiversityQuestionAnswerOptions).values({ ...row, optionId: ofFirst.id });
    await expect(db.insert(userDiversityQuestionAnswerOptions).values({ ...row, optionId: ofSecond.id })).rejects.toThrow();
    await db.delete(userDiversityQuestionAnswers).where(eq(userDiversityQuestionAnswers.id, answer?.id ?? -1));
  });

  it('accepts only real diversity option ids and sensible booking dates', async () => {
    const organisation = await createOrganisation(db);
    const user = await createUser(db, organisation.id);
    await expect(
      db.insert(userDiversityAnswers).values({ organisationId: organisation.id, userId: user.id, genderId: 97 }),
    ).rejects.toThrow();
    await db.insert(userDiversityAnswers).values({ organisationId: organisation.id, userId: user.id, genderId: 98 });
    const booking = {
      organisationId: organisation.id,
      userId: user.id,
      teamId: (await createTeam(db, organisation.id)).id,
      genderId: 2,
    };
    await expect(
      db.insert(residentialBookings).values({ ...booking, startDate: '2026-04-11', endDate: '2026-04-11' }),
    ).rejects.toThrow();
    await expect(
      db.insert(residentialBookings).values({ ...booking, genderId: 98, startDate: '2026-04-11', endDate: '2026-04-18' }),
    ).rejects.toThrow();
    await db.insert(residentialBookings).values({ ...booking, startDate: '2026-04-11', endDate: '2026-04-18' });
  });
});
