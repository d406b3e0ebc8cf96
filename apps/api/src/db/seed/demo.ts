import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../client.js';
import {
  applicationDocuments,
  applications,
  attributeCategories,
  diversityQuestionDependencies,
  diversityQuestionOptions,
  diversityQuestions,
  documentTypes,
  files,
  motivations,
  opportunityTypes,
  organisationHosts,
  organisations,
  permissionGroupPermissions,
  permissionGroups,
  permissions,
  referenceQuestions,
  rolePermissionGrants,
  roleProfilePermissionGroups,
  roleProfiles,
  teamChangeoverDays,
  teamRoomUnavailablePeriods,
  teamRooms,
  teams,
  terms,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
  userMemberships,
  userRoles,
  userSupervisors,
} from '../schema/index.js';
import {
  insertAttribute,
  insertConsent,
  insertOpportunity,
  insertQuestion,
  insertUser,
  type AttributeInput,
} from './builders.js';
import { PERMISSION_NAMES, seedReferenceData, USER_STATUS } from './reference-data.js';
import { seedDemoAddresses } from './demo-addresses.js';
import { seedDemoCancelReasons } from './demo-cancel-reasons.js';
import { seedDemoRotas } from './rotas.js';
import { seedDemoEvents } from './events.js';
import { seedDemoPeopleWork } from './people-work.js';
import { DEMO_RESIDENTIAL_WEEK_LOCATION, seedDemoResidentialOpportunities } from './demo-residential-opportunities.js';
import { assertInserted } from '../rows.js';
import { ensurePermissionVocabulary } from '../../modules/permissions/vocabulary.js';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'Volunteer123';

/**
 * The authenticator-app secret (base32) of `app2fa@example.org`, fixed so the README and tests
 * can compute its codes.
 */
export const DEMO_TOTP_SECRET = 'MUSTERDEMOAPPTWOFACTORSECRETKEY2';

export const DEMO_ORGANISATION_NAME = 'Demo Volunteers';

/** Hosts the demo organisation answers on. */
export const DEMO_HOSTS = ['localhost', '127.0.0.1'] as const;

/** The demo accounts' email addresses. */
export const DEMO_ACCOUNTS = {
  applicant: 'applicant@example.org',
  email2fa: 'email2fa@example.org',
  app2fa: 'app2fa@example.org',
  supervisor: 'supervisor@example.org',
  admin: 'admin@example.org',
  /** Supplied a photo ID with an earlier, withdrawn beach-clean application (applicant-flow §2.6). */
  returning: 'returning@example.org',
  /** Profile page: consent answers changed by the volunteer and by the administrator. */
  profile: 'profile@example.org',
  /** Profile page: the account section (password change, sign out everywhere). */
  account: 'account@example.org',
  /** Profile page: the email and phone change (e2e/profile/contact-change.spec.ts). */
  contact: 'contact@example.org',
  /** Two-factor settings (e2e/profile/two-factor.spec.ts): one account per scenario. */
  twoFactorEmail: 'twofactor-email@example.org',
  twoFactorApp: 'twofactor-app@example.org',
  twoFactorSms: 'twofactor-sms@example.org',
  /** Has email two-factor, which the Safeguarding Lead role enforces. */
  twoFactorEnforced: 'twofactor-enforced@example.org',
  /** A Safeguarding Lead without two-factor: made to set it up after signing in. */
  twoFactorEnrol: 'twofactor-enrol@example.org',
  /** Email two-factor: signs in with a recovery code (e2e/apply/two-factor.spec.ts). */
  recoveryCode: 'recovery-code@example.org',
} as const;

/**
 * An application created ahead for someone invited to quick-help, completed through its key:
 * `/apply/quick-help?key={key}` with the invited address. The person has no password yet.
 */
export const DEMO_INVITATION = {
  email: 'invited@example.org',
  key: 'demo-invitation-key-quick-help',
} as const;

/** Slugs of the demo opportunities. */
export const DEMO_OPPORTUNITY_SLUGS = {
  quickHelp: 'quick-help',
  beachClean: 'beach-clean',
  residentialWeek: 'residential-week',
} as const;

/** The beach-clean step types, in order. */
export const BEACH_CLEAN_SECTION_TYPES = [
  'basic-details',
  'motivation',
  'address-details',
  'about-you',
  'supporting-documents',
  'references',
  'diversity',
  'review-apply',
] as const;

/** The demo organisation's reference questions, asked on every reference form (applicant-flow §2.7). */
export const DEMO_REFERENCE_QUESTIONS = [
  { question: 'How do you know the applicant, and for how long?', type: 'text', compulsory: true },
  { question: 'Would you trust them to volunteer safely with members of the public?', type: 'yes-no', compulsory: true },
] as const;

/** Residential-week changeover weekday (0 Sunday … 6 Saturday). */
export const DEMO_CHANGEOVER_DAY = 6;

/**
 * Rooms of the demo residential team (docs/residential.md): eight private rooms and one shared
 * dormitory, so a night offers 8 places to someone who will not share a room and 12 to someone
 * who will.
 */
export const DEMO_RESIDENTIAL_ROOMS = {
  private: Array.from({ length: 8 }, (_, i) => ({ name: `Room ${i + 1}`, beds: 2, shared: false })),
  shared: [{ name: 'Dormitory', beds: 4, shared: true }],
} as const;

/**
 * Weeks of the demo residential team that are full, for trying the booking rules: the stay
 * starting on the first changeover day at least eight weeks after `today` has no space at all
 * (every room closed for maintenance), and the week after it only the shared dormitory is open
 * (no space for someone who will not share). `end_date` is the departure day.
 */
export function demoResidentialClosures(today: Date): {
  full: { start_date: string; end_date: string };
  sharedOnly: { start_date: string; end_date: string };
} {
  const from = addDays(today, 56);
  const start = addDays(from, (DEMO_CHANGEOVER_DAY - from.getUTCDay() + 7) % 7);
  return {
    full: { start_date: isoDate(start), end_date: isoDate(addDays(start, 7)) },
    sharedOnly: { start_date: isoDate(addDays(start, 7)), end_date: isoDate(addDays(start, 14)) },
  };
}

export type DemoSeedResult = {
  organisationId: number;
  teamIds: { headOffice: number; communityHub: number; coastal: number; lakeside: number };
  opportunityIds: { quickHelp: number; beachClean: number; residentialWeek: number };
  userIds: {
    applicant: number;
    email2fa: number;
    app2fa: number;
    supervisor: number;
    admin: number;
    /** The person the supervisor looks after; no email and no login. */
    supervised: number;
  };
};

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: Date, days: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

function addMonths(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

/** One attribute of each custom field type (applicant-flow §3.8), for the beach-clean about-you step. */
function everyTypeAttributes(categories: { personal: number; skills: number; practical: number }): AttributeInput[] {
  const list: AttributeInput[] = [
    { slug: 'occupation', name: 'Occupation', type: 'text', categoryId: categories.personal, compulsory: true },
    { slug: 'years-volunteering', name: 'Years of volunteering experience', type: 'integer', categoryId: categories.skills },
    { slug: 'first-aid-expiry', name: 'First aid certificate expiry date', type: 'date', categoryId: categories.skills },
    { slug: 'induction-call', name: 'Preferred time for an induction call', type: 'datetime', categoryId: categories.practical },
    { slug: 'about-me', name: 'A little about you', type: 'html', categoryId: categories.personal },
    { slug: 'work-email', name: 'Work email address', type: 'email', categoryId: categories.personal },
    {
      slug: 'emergency-phone',
      name: 'Emergency contact telephone',
      type: 'telephone',
      categoryId: categories.practical,
      compulsory: true,
    },
    { slug: 'driving-licence', name: 'Do you hold a full driving licence?', type: 'boolean', categoryId: categories.skills },
    { slug: 'shoe-size', name: 'Shoe size (for wellies)', type: 'decimal', categoryId: categories.practical },
    { slug: 'travel-costs', name: 'Expected weekly travel costs', type: 'currency', categoryId: categories.practical },
    {
      slug: 'tshirt-size',
      name: 'T-shirt size',
      type: 'dropdown',
      categoryId: categories.practical,
      compulsory: true,
      customMessage: 'Please choose a T-shirt size so we can order your kit',
      options: [
        { value: 'xs', display: 'Extra small' },
        { value: 's', display: 'Small' },
        { value: 'm', display: 'Medium', defaultSelected: true },
        { value: 'l', display: 'Large' },
        { value: 'xl', display: 'Extra large' },
      ],
    },
    { slug: 'availability-period', name: 'When are you available?', type: 'startenddate', categoryId: categories.practical },
    {
      slug: 'interests',
      name: 'Which activities interest you?',
      type: 'checkboxes',
      categoryId: categories.skills,
      options: [
        { value: 'litter-picking', display: 'Litter picking', defaultSelected: true },
        { value: 'wildlife-surveys', display: 'Wildlife surveys' },
        { value: 'events', display: 'Helping at events' },
        { value: 'driving', display: 'Driving' },
      ],
    },
    {
      slug: 'preferred-contact',
      name: 'Preferred contact method',
      type: 'radio',
      categoryId: categories.personal,
      compulsory: true,
      options: [
        { value: 'email', display: 'Email', defaultSelected: true },
        { value: 'phone', display: 'Phone call' },
        { value: 'sms', display: 'Text message' },
      ],
    },
    { slug: 'certificates', name: 'Certificates and qualifications', type: 'files', categoryId: categories.skills },
    { slug: 'cv', name: 'CV', type: 'file', categoryId: categories.skills },
    { slug: 'profile-photo', name: 'Profile photo', type: 'photo', categoryId: categories.personal },
    { slug: 'website', name: 'Website or social media profile', type: 'link', categoryId: categories.personal },
  ];
  return list.map((attribute, position) => ({ ...attribute, position }));
}

/**
 * Creates the demo organisation "Demo Volunteers" with its teams, roles, three opportunities
 * (quick-help, beach-clean, residential-week), consents, terms, motivations, diversity questions
 * and five sign-in accounts (password `DEMO_PASSWORD`), in one transaction. Residential
 * availability covers six months from `today`. Loads the reference data and the demo address
 * gazetteer (demo-addresses.ts) first.
 */
export async function seedDemo(db: Database, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const now = options.today ?? new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedDemoAddresses(tx);
    return seedDemoRows(tx, today, options.ssoProvider ?? null);
  });
}

export type DemoSeedOptions = {
  today?: Date;
  /** Makes the demo organisation sign its users in through this OpenID provider. */
  ssoProvider?: { name: string; issuer: string; clientId: string; clientSecret: string } | null;
};

/**
 * Seeds the demo organisation only when the database has no organisation at all (a fresh
 * install). Returns null when it did nothing.
 */
export async function seedDemoIfEmpty(db: Database, options: DemoSeedOptions = {}): Promise<DemoSeedResult | null> {
  const [row] = await db.select({ total: count() }).from(organisations);
  if ((row?.total ?? 0) > 0) {
    return null;
  }
  return seedDemo(db, options);
}

async function seedDemoRows(
  tx: Executor,
  today: Date,
  ssoProvider: DemoSeedOptions['ssoProvider'],
): Promise<DemoSeedResult> {
  const [organisation] = await tx
    .insert(organisations)
    .values({ name: DEMO_ORGANISATION_NAME, minorAge: 18, currencySymbol: '£', ssoProvider })
    .returning();
  assertInserted(organisation, 'organisation');
  const organisationId = organisation.id;
  await tx.insert(organisationHosts).values(DEMO_HOSTS.map((host) => ({ organisationId, host })));

  // Teams: a head office with three teams under it.
  const team = async (name: string, parentId: number | null) => {
    const [row] = await tx.insert(teams).values({ organisationId, name, parentId }).returning({ id: teams.id });
    assertInserted(row, 'team');
    return row.id;
  };
  const headOffice = await team('Head Office', null);
  const teamIds = {
    headOffice,
    communityHub: await team('Community Hub', headOffice),
    coastal: await team('Coastal Team', headOffice),
    lakeside: await team('Lakeside Lodge', headOffice),
  };

  const roleProfile = async (displayName: string, disclaimer: string | null) => {
    const [row] = await tx
      .insert(roleProfiles)
      .values({ organisationId, displayName, disclaimer })
      .returning({ id: roleProfiles.id });
    assertInserted(row, 'role profile');
    return row.id;
  };
  const roles = {
    helper: await roleProfile(
      'Community Helper',
      'Community helpers work alongside our staff and must follow the volunteer code of conduct.',
    ),
    beachCleaner: await roleProfile(
      'Beach Clean Volunteer',
      'Beach cleans take place outdoors in all weathers. You will be given gloves and a safety briefing on the day.',
    ),
    residential: await roleProfile(
      'Residential Volunteer',
      'Residential volunteers stay on site for the whole booking and share the daily chores.',
    ),
    supervisor: await roleProfile('Volunteer Supervisor', 'Supervisors apply and act on behalf of the people they look after.'),
    administrator: await roleProfile('Administrator', null),
  };

  // The administrator role holds every permission: the reference set one by one, and the whole
  // vocabulary (each catalogue resource's view and manage permission too) through a group, which
  // shows permission groups in use. Supervisors hold what applying for others needs.
  await ensurePermissionVocabulary(tx);
  const allPermissions = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const referenceNames: ReadonlySet<string> = new Set(PERMISSION_NAMES);
  await tx.insert(rolePermissionGrants).values(
    allPermissions
      .filter((permission) => referenceNames.has(permission.name))
      .map((permission) => ({ roleProfileId: roles.administrator, permissionId: permission.id })),
  );
  const [fullAccess] = await tx
    .insert(permissionGroups)
    .values({ organisationId, name: 'Full access', description: 'Every permission: for administrators.' })
    .returning({ id: permissionGroups.id });
  assertInserted(fullAccess, 'permission group');
  await tx
    .insert(permissionGroupPermissions)
    .values(allPermissions.map((permission) => ({ permissionGroupId: fullAccess.id, permissionId: permission.id })));
  await tx
    .insert(roleProfilePermissionGroups)
    .values({ organisationId, roleProfileId: roles.administrator, permissionGroupId: fullAccess.id });
  const supervisorPermissions = new Set(['view-users', 'apply-on-behalf', 'view-applications']);
  await tx.insert(rolePermissionGrants).values(
    allPermissions
      .filter((permission) => supervisorPermissions.has(permission.name))
      .map((permission) => ({ roleProfileId: roles.supervisor, permissionId: permission.id })),
  );

  // Accounts.
  const account = { password: DEMO_PASSWORD, statusId: USER_STATUS.active } as const;
  const applicant = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Alex',
    lastName: 'Morgan',
    dob: '1990-05-14',
    email: DEMO_ACCOUNTS.applicant,
    phoneNumber: '+447700900001',
  });
  const email2fa = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Emma',
    lastName: 'Evans',
    dob: '1985-09-02',
    email: DEMO_ACCOUNTS.email2fa,
    phoneNumber: '+447700900002',
    twoFactorEnabled: true,
    twoFactorMethod: 'email',
  });
  const app2fa = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Aaron',
    lastName: 'Appleby',
    dob: '1978-01-23',
    email: DEMO_ACCOUNTS.app2fa,
    phoneNumber: '+447700900003',
    twoFactorEnabled: true,
    twoFactorMethod: 'auth_app',
    twoFactorSecret: DEMO_TOTP_SECRET,
  });
  const supervisor = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Sam',
    lastName: 'Patel',
    dob: '1982-11-30',
    email: DEMO_ACCOUNTS.supervisor,
    phoneNumber: '+447700900004',
  });
  const admin = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Ada',
    lastName: 'Admin',
    dob: '1975-03-08',
    email: DEMO_ACCOUNTS.admin,
    phoneNumber: '+447700900005',
  });
  await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Priya',
    lastName: 'Profile',
    dob: '1992-04-11',
    email: DEMO_ACCOUNTS.profile,
    phoneNumber: '+447700900016',
  });
  await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Casey',
    lastName: 'Account',
    dob: '1988-08-08',
    email: DEMO_ACCOUNTS.account,
    phoneNumber: '+447700900017',
  });
  await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Chris',
    lastName: 'Contact',
    dob: '1987-07-07',
    email: DEMO_ACCOUNTS.contact,
    phoneNumber: '+447700900018',
  });
  await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Tess',
    lastName: 'Email',
    dob: '1990-03-03',
    email: DEMO_ACCOUNTS.twoFactorEmail,
    phoneNumber: '+447700900021',
  });
  await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Tom',
    lastName: 'App',
    dob: '1991-04-04',
    email: DEMO_ACCOUNTS.twoFactorApp,
    phoneNumber: '+447700900022',
  });
  await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Tara',
    lastName: 'Text',
    dob: '1993-05-05',
    email: DEMO_ACCOUNTS.twoFactorSms,
    phoneNumber: '+447700900023',
  });
  const enforced = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Ed',
    lastName: 'Enforced',
    dob: '1980-06-06',
    email: DEMO_ACCOUNTS.twoFactorEnforced,
    phoneNumber: '+447700900024',
    twoFactorEnabled: true,
    twoFactorMethod: 'email',
  });
  const [safeguarding] = await tx
    .insert(roleProfiles)
    .values({ organisationId, displayName: 'Safeguarding Lead', disclaimer: null, enforceTwoFactor: true })
    .returning({ id: roleProfiles.id });
  assertInserted(safeguarding, 'role profile');
  await tx
    .insert(userRoles)
    .values({ organisationId, userId: enforced.id, teamId: teamIds.headOffice, roleProfileId: safeguarding.id });
  const enrolling = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Erin',
    lastName: 'Enrol',
    dob: '1982-07-07',
    email: DEMO_ACCOUNTS.twoFactorEnrol,
    phoneNumber: '+447700900025',
  });
  await tx
    .insert(userRoles)
    .values({ organisationId, userId: enrolling.id, teamId: teamIds.headOffice, roleProfileId: safeguarding.id });
  await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Rory',
    lastName: 'Recovery',
    dob: '1987-08-08',
    email: DEMO_ACCOUNTS.recoveryCode,
    phoneNumber: '+447700900026',
    twoFactorEnabled: true,
    twoFactorMethod: 'email',
  });
  const supervised = await insertUser(tx, organisationId, {
    firstName: 'Jamie',
    lastName: 'Young',
    dob: '2001-07-19',
    statusId: USER_STATUS.active,
  });
  await tx.insert(userRoles).values([
    { organisationId, userId: admin.id, teamId: teamIds.headOffice, roleProfileId: roles.administrator },
    { organisationId, userId: supervisor.id, teamId: teamIds.communityHub, roleProfileId: roles.supervisor },
  ]);
  await tx.insert(userSupervisors).values({ userId: supervised.id, supervisorUserId: supervisor.id });

  // Organisation settings used by the forms.
  await tx.insert(motivations).values(
    [
      'I want to give something back to my community',
      'I want to gain new skills and experience',
      'I want to meet new people',
      'I care about the environment',
      'It will help my career',
    ].map((content, position) => ({ organisationId, content, position, public: true })),
  );
  await tx
    .insert(motivations)
    .values({ organisationId, content: 'Referred by a partner organisation', position: 5, public: false });
  await tx
    .insert(referenceQuestions)
    .values(DEMO_REFERENCE_QUESTIONS.map((question, position) => ({ organisationId, ...question, position })));

  const insertedTerms = await tx
    .insert(terms)
    .values([
      { organisationId, name: 'Volunteer agreement', link: 'https://example.org/volunteer-agreement', position: 0 },
      { organisationId, name: 'Privacy notice', link: 'https://example.org/privacy', position: 1 },
    ])
    .returning({ id: terms.id });
  const [agreementTerm, privacyTerm] = insertedTerms.map((row) => row.id);
  if (agreementTerm === undefined || privacyTerm === undefined) {
    throw new Error('terms insert returned nothing');
  }

  const dataConsent = await insertConsent(tx, organisationId, {
    statement: 'I agree that Demo Volunteers may store and use my personal information to manage my volunteering.',
    type: 'checkbox',
    compulsory: true,
    position: 0,
    options: ['I agree'],
  });
  const contactConsent = await insertConsent(tx, organisationId, {
    statement: 'May we contact you about other volunteering opportunities?',
    type: 'radio',
    position: 1,
    options: ['Yes', 'No'],
  });
  const channelConsent = await insertConsent(tx, organisationId, {
    statement: 'How would you like to hear from us?',
    type: 'multiple-checkboxes',
    position: 2,
    options: ['Email', 'Text message', 'Post'],
  });

  const [personal, skills, practical] = await tx
    .insert(attributeCategories)
    .values([
      { organisationId, name: 'Personal', position: 0 },
      { organisationId, name: 'Skills and experience', position: 1 },
      { organisationId, name: 'Practical details', position: 2 },
    ])
    .returning({ id: attributeCategories.id });
  if (!personal || !skills || !practical) {
    throw new Error('attribute category insert returned nothing');
  }
  const attributeIds = new Map<string, number>();
  for (const input of everyTypeAttributes({ personal: personal.id, skills: skills.id, practical: practical.id })) {
    const attribute = await insertAttribute(tx, organisationId, input);
    attributeIds.set(attribute.slug, attribute.id);
  }
  const membership = await insertAttribute(tx, organisationId, {
    slug: 'membership-number',
    name: 'Membership number',
    type: 'text',
    categoryId: personal.id,
    position: 18,
    permission: 'read-only',
  });
  const attributeId = (slug: string): number => {
    const id = attributeIds.get(slug);
    if (id === undefined) {
      throw new Error(`no demo attribute ${slug}`);
    }
    return id;
  };

  const heardAboutUs = await insertQuestion(tx, organisationId, {
    slug: 'heard-about-us',
    name: 'How did you hear about us?',
    type: 'dropdown',
    compulsory: true,
    options: [
      { value: 'social-media', display: 'Social media' },
      { value: 'friend', display: 'A friend or family member' },
      { value: 'website', display: 'Our website', defaultSelected: true },
      { value: 'newspaper', display: 'A local newspaper' },
      { value: 'event', display: 'At an event' },
      { value: 'other', display: 'Somewhere else' },
    ],
  });
  const volunteeredBefore = await insertQuestion(tx, organisationId, {
    slug: 'volunteered-before',
    name: 'Have you volunteered with us before?',
    type: 'boolean',
  });
  const availabilityNotes = await insertQuestion(tx, organisationId, {
    slug: 'availability-notes',
    name: 'When are you usually available?',
    type: 'text',
    compulsory: true,
    customMessage: 'Please tell us when you are usually available',
  });
  const anythingElse = await insertQuestion(tx, organisationId, {
    slug: 'anything-else',
    name: 'Is there anything else you would like to tell us?',
    type: 'text',
  });

  const [photoId, proofOfAddress] = await tx
    .insert(documentTypes)
    .values([
      { organisationId, name: 'Photo ID' },
      { organisationId, name: 'Proof of address' },
    ])
    .returning({ id: documentTypes.id });
  if (!photoId || !proofOfAddress) {
    throw new Error('document type insert returned nothing');
  }

  const diversity = await seedDiversityQuestions(tx, organisationId);
  // The demo applicant has answered them before, so their diversity step is skipped.
  await seedDiversityAnswers(tx, organisationId, applicant.id, diversity);

  const quickHelp = await insertOpportunity(tx, organisationId, {
    slug: DEMO_OPPORTUNITY_SLUGS.quickHelp,
    type: opportunityTypes.oneOff,
    displayName: 'Quick Help at the Community Hub',
    publicUrl: `/apply/${DEMO_OPPORTUNITY_SLUGS.quickHelp}`,
    roleProfileId: roles.helper,
    teamId: teamIds.communityHub,
    startDate: isoDate(addDays(today, 7)),
    endDate: isoDate(addDays(today, 7)),
    description: 'Lend a hand for an afternoon sorting donations at the Community Hub.',
    published: true,
    subLocations: [
      {
        name: 'Community Hub',
        timeslots: [
          {
            startsAt: new Date(`${isoDate(addDays(today, 7))}T13:00:00Z`),
            endsAt: new Date(`${isoDate(addDays(today, 7))}T17:00:00Z`),
          },
        ],
      },
    ],
    sections: [
      { type: 'basic-details' },
      { type: 'motivation' },
      {
        type: 'about-you',
        attributeIds: [attributeId('occupation'), attributeId('preferred-contact'), membership.id],
        questionIds: [availabilityNotes.id, heardAboutUs.id],
      },
      { type: 'review-apply', consentIds: [dataConsent.id], termIds: [agreementTerm] },
    ],
  });

  const cleanDate = isoDate(addDays(today, 21));
  const beachClean = await insertOpportunity(tx, organisationId, {
    slug: DEMO_OPPORTUNITY_SLUGS.beachClean,
    type: opportunityTypes.oneOff,
    displayName: 'Beach Clean at Sandy Bay',
    publicUrl: `/apply/${DEMO_OPPORTUNITY_SLUGS.beachClean}`,
    roleProfileId: roles.beachCleaner,
    teamId: teamIds.coastal,
    startDate: cleanDate,
    endDate: cleanDate,
    description: 'Join the Coastal Team for a morning clearing litter from Sandy Bay.',
    published: true,
    subLocations: [
      {
        name: 'Sandy Bay car park',
        timeslots: [
          { startsAt: new Date(`${cleanDate}T09:00:00Z`), endsAt: new Date(`${cleanDate}T12:00:00Z`) },
          { startsAt: new Date(`${cleanDate}T13:00:00Z`), endsAt: new Date(`${cleanDate}T16:00:00Z`) },
        ],
      },
    ],
    sections: [
      { type: 'basic-details', phoneNumberCompulsory: true, minimumAge: 16 },
      { type: 'motivation', applyRightToWork: true },
      { type: 'address-details', minAddressHistory: 36 },
      {
        type: 'about-you',
        attributeIds: [...attributeIds.values()],
        questionIds: [heardAboutUs.id, volunteeredBefore.id],
      },
      { type: 'supporting-documents', documentTypeIds: [photoId.id, proofOfAddress.id] },
      { type: 'references', requestedReferences: 2, referenceLength: 2 },
      { type: 'diversity', diversityMode: 'v2', diversityCompulsory: false },
      {
        type: 'review-apply',
        questionIds: [anythingElse.id],
        consentIds: [dataConsent.id, contactConsent.id, channelConsent.id],
        additionalConsents: [
          'I am happy to be photographed at the event for Demo Volunteers publicity',
          'I will follow the safety briefing given on the day',
        ],
        termIds: [agreementTerm, privacyTerm],
      },
    ],
  });

  const residentialEnd = addMonths(today, 6);
  const residentialWeek = await insertOpportunity(tx, organisationId, {
    slug: DEMO_OPPORTUNITY_SLUGS.residentialWeek,
    type: opportunityTypes.residentialShort,
    displayName: 'Residential Week at Lakeside Lodge',
    publicUrl: `/apply/${DEMO_OPPORTUNITY_SLUGS.residentialWeek}`,
    roleProfileId: roles.residential,
    teamId: teamIds.lakeside,
    startDate: isoDate(today),
    endDate: isoDate(residentialEnd),
    description: 'Spend a week or two at Lakeside Lodge helping with conservation work. Stays run Saturday to Saturday.',
    published: true,
    ...DEMO_RESIDENTIAL_WEEK_LOCATION,
    subLocations: [{ name: 'Lakeside Lodge', timeslots: [{ minDuration: 7, maxDuration: 14 }] }],
    sections: [
      { type: 'basic-details' },
      { type: 'residential' },
      { type: 'review-apply', consentIds: [dataConsent.id], termIds: [agreementTerm] },
    ],
  });

  await tx.insert(teamChangeoverDays).values({
    organisationId,
    teamId: teamIds.lakeside,
    startDate: isoDate(today),
    endDate: null,
    dayOfWeek: DEMO_CHANGEOVER_DAY,
  });
  const rooms = await tx
    .insert(teamRooms)
    .values(
      [...DEMO_RESIDENTIAL_ROOMS.private, ...DEMO_RESIDENTIAL_ROOMS.shared].map((room) => ({
        organisationId,
        teamId: teamIds.lakeside,
        ...room,
      })),
    )
    .returning({ id: teamRooms.id, shared: teamRooms.shared });
  await seedDemoCancelReasons(tx, organisationId);
  const closures = demoResidentialClosures(today);
  // Unavailable periods name nights, both ends included: the night before departure is the last.
  const lastNight = (departure: string) => isoDate(addDays(new Date(`${departure}T00:00:00Z`), -1));
  await tx.insert(teamRoomUnavailablePeriods).values([
    ...rooms.map((room) => ({
      organisationId,
      roomId: room.id,
      fromDate: closures.full.start_date,
      toDate: lastNight(closures.full.end_date),
      reason: 'Closed for maintenance',
    })),
    ...rooms
      .filter((room) => !room.shared)
      .map((room) => ({
        organisationId,
        roomId: room.id,
        fromDate: closures.sharedOnly.start_date,
        toDate: lastNight(closures.sharedOnly.end_date),
        reason: 'Booked by a school group',
      })),
  ]);

  await seedDemoResidentialOpportunities(tx, {
    organisationId,
    today,
    parentTeamId: teamIds.headOffice,
    roleProfileId: roles.residential,
    changeoverDay: DEMO_CHANGEOVER_DAY,
    consentIds: [dataConsent.id],
    termIds: [agreementTerm],
  });

  // An invitation to quick-help: a person without a password and their pending application.
  const invited = await insertUser(tx, organisationId, {
    firstName: 'Isla',
    lastName: 'Invited',
    dob: '1995-04-21',
    email: DEMO_INVITATION.email,
    statusId: USER_STATUS.active,
  });
  await tx.insert(applications).values({
    organisationId,
    opportunityId: quickHelp.id,
    userId: invited.id,
    status: 'pending',
    applicationKey: DEMO_INVITATION.key,
  });

  // A returning volunteer whose earlier beach-clean application (withdrawn) holds their photo ID:
  // applying again, that document shows as already supplied. The file's bytes are not seeded.
  const returning = await insertUser(tx, organisationId, {
    ...account,
    firstName: 'Riley',
    lastName: 'Reid',
    dob: '1988-06-12',
    email: DEMO_ACCOUNTS.returning,
    phoneNumber: '+447700900006',
  });
  const [earlier] = await tx
    .insert(applications)
    .values({
      organisationId,
      opportunityId: beachClean.id,
      userId: returning.id,
      status: 'withdrawn',
      active: false,
      completedAt: today,
      applicationKey: randomUUID(),
    })
    .returning({ id: applications.id });
  assertInserted(earlier, 'application');
  const [photo] = await tx
    .insert(files)
    .values({
      organisationId,
      uploadedByUserId: returning.id,
      ownerUserId: returning.id,
      storageName: randomUUID(),
      originalName: 'photo-id.pdf',
      mime: 'application/pdf',
      size: 48_213,
      ephemeral: false,
      attachedAt: today,
    })
    .returning({ id: files.id });
  assertInserted(photo, 'file');
  await tx
    .insert(applicationDocuments)
    .values({ organisationId, applicationId: earlier.id, documentTypeId: photoId.id, fileId: photo.id });
  await seedDemoEvents(tx, { organisationId, today, teamIds, applicant, supervisor, admin, returning });
  await seedDemoPeopleWork(tx, { organisationId, today, applicant, supervisor, admin, returning });
  await seedDemoRotas(tx, {
    organisationId,
    today,
    teamId: teamIds.communityHub,
    helperTeamId: teamIds.headOffice,
    userIds: [applicant.id, supervisor.id, admin.id, returning.id],
  });
  // Holding a role is what makes someone a volunteer (per-user roles open a period the same way):
  // every role holder's period of volunteering begins today, so that recording a leaving works
  // for them as for anyone given a role through the API.
  const holders = await tx
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.organisationId, organisationId));
  if (holders.length > 0) {
    await tx
      .insert(userMemberships)
      .values(holders.map(({ userId }) => ({ organisationId, userId, joinedOn: isoDate(today) })));
  }

  return {
    organisationId,
    teamIds,
    opportunityIds: { quickHelp: quickHelp.id, beachClean: beachClean.id, residentialWeek: residentialWeek.id },
    userIds: {
      applicant: applicant.id,
      email2fa: email2fa.id,
      app2fa: app2fa.id,
      supervisor: supervisor.id,
      admin: admin.id,
      supervised: supervised.id,
    },
  };
}

type SeededDiversityQuestion = { id: number; options: Array<{ id: number; optionText: string }> };

/**
 * The organisation's v2 diversity questions: an age band (more than four options, so a
 * dropdown), a disability yes/no, a multiple-select follow-up shown only after "Yes" (with an
 * Other option), and a main language question with an Other option.
 */
async function seedDiversityQuestions(
  tx: Executor,
  organisationId: number,
): Promise<{ disability: SeededDiversityQuestion; support: SeededDiversityQuestion; language: SeededDiversityQuestion }> {
  const question = async (
    questionText: string,
    position: number,
    options: (string | { text: string; other: true })[],
    settings: { isMultipleSelect?: boolean; compulsory?: boolean } = {},
  ) => {
    const [row] = await tx
      .insert(diversityQuestions)
      .values({ organisationId, questionText, position, ...settings })
      .returning({ id: diversityQuestions.id });
    assertInserted(row, 'diversity question');
    const inserted = await tx
      .insert(diversityQuestionOptions)
      .values(
        options.map((option, index) => ({
          organisationId,
          questionId: row.id,
          optionText: typeof option === 'string' ? option : option.text,
          isOther: typeof option !== 'string',
          position: index,
        })),
      )
      .returning();
    return { id: row.id, options: inserted };
  };
  await question(
    'What is your age group?',
    0,
    ['Under 18', '18 to 24', '25 to 34', '35 to 49', '50 to 64', '65 or over', 'Prefer not to say'],
    { compulsory: true },
  );
  const disability = await question(
    'Do you consider yourself to have a disability or long-term health condition?',
    1,
    ['Yes', 'No', 'Prefer not to say'],
    { compulsory: true },
  );
  const support = await question(
    'Which of these apply to you?',
    2,
    ['Physical or mobility', 'Sight or hearing', 'Mental health', 'Learning or cognitive', { text: 'Other', other: true }],
    { isMultipleSelect: true },
  );
  const language = await question('What is your main language?', 3, ['English', 'Welsh', { text: 'Other', other: true }]);
  const yes = disability.options.find((option) => option.optionText === 'Yes');
  if (!yes) {
    throw new Error('diversity option Yes missing');
  }
  await tx.insert(diversityQuestionDependencies).values({
    organisationId,
    questionId: support.id,
    parentQuestionId: disability.id,
    parentOptionId: yes.id,
  });
  return { disability, support, language };
}

/**
 * Diversity answers given before (applicant-flow §2.9): disability Yes, the follow-up with an
 * Other text, and Welsh as main language. The age band is left unanswered (the step is optional).
 */
async function seedDiversityAnswers(
  tx: Executor,
  organisationId: number,
  userId: number,
  questions: Awaited<ReturnType<typeof seedDiversityQuestions>>,
): Promise<void> {
  const chosen = (question: SeededDiversityQuestion, text: string) => {
    const option = question.options.find((candidate) => candidate.optionText === text);
    if (!option) {
      throw new Error(`diversity option ${text} missing`);
    }
    return option.id;
  };
  const answers = [
    { question: questions.disability, optionIds: [chosen(questions.disability, 'Yes')], otherText: null },
    {
      question: questions.support,
      optionIds: [chosen(questions.support, 'Sight or hearing'), chosen(questions.support, 'Other')],
      otherText: 'Tinnitus',
    },
    { question: questions.language, optionIds: [chosen(questions.language, 'Welsh')], otherText: null },
  ];
  for (const { question, optionIds, otherText } of answers) {
    const [answer] = await tx
      .insert(userDiversityQuestionAnswers)
      .values({ organisationId, userId, questionId: question.id, otherText })
      .returning({ id: userDiversityQuestionAnswers.id });
    assertInserted(answer, 'diversity answer');
    await tx
      .insert(userDiversityQuestionAnswerOptions)
      .values(optionIds.map((optionId) => ({ organisationId, answerId: answer.id, questionId: question.id, optionId })));
  }
}
