import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import {
  countries,
  diversityOptions,
  fileTypes,
  permissions,
  timezones,
  userStatuses,
  type DiversityField,
} from '../schema/index.js';

/** User statuses by name; new users start as applicants (the `users.status_id` default is 1). */
export const USER_STATUS = { applicant: 1, active: 2, inactive: 3, left: 4, blocked: 5 } as const;

const userStatusRows = [
  { id: USER_STATUS.applicant, name: 'Applicant' },
  { id: USER_STATUS.active, name: 'Active' },
  { id: USER_STATUS.inactive, name: 'Inactive' },
  { id: USER_STATUS.left, name: 'Left' },
  { id: USER_STATUS.blocked, name: 'Blocked' },
];

/**
 * The permission vocabulary. The first three are named by the spec (platform-foundation §6,
 * applicant-flow §2.12); the rest are the administrative set the product's areas check.
 */
export const PERMISSIONS = [
  { name: 'view-users', category: 'Users' },
  { name: 'view-related-hierarchy-touchpoints', category: 'Teams' },
  { name: 'changeUserDetails', category: 'Users' },
  { name: 'apply-on-behalf', category: 'Applications' },
  { name: 'view-applications', category: 'Applications' },
  { name: 'manage-applications', category: 'Applications' },
  { name: 'manage-opportunities', category: 'Opportunities' },
  { name: 'manage-users', category: 'Users' },
  { name: 'manage-teams', category: 'Teams' },
  { name: 'manage-role-profiles', category: 'Teams' },
  { name: 'manage-permissions', category: 'Organisation' },
  { name: 'manage-organisation', category: 'Organisation' },
  { name: 'manage-consents', category: 'Organisation' },
  { name: 'manage-terms', category: 'Organisation' },
  { name: 'manage-motivations', category: 'Organisation' },
  { name: 'manage-attributes', category: 'Organisation' },
  { name: 'manage-diversity', category: 'Diversity' },
  { name: 'view-diversity-reports', category: 'Diversity' },
  // Reading one person's answers (special-category data); aggregate reports need the permission above.
  { name: 'view-diversity-answers', category: 'Diversity' },
  { name: 'view-residential-bookings', category: 'Residential' },
  { name: 'manage-residential', category: 'Residential' },
  { name: 'view-reports', category: 'Reports' },
] as const;

export type PermissionName = (typeof PERMISSIONS)[number]['name'];

/** Every permission name, for granting an administrator all of them. */
export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSIONS.map((permission) => permission.name);

type DiversityOptionRow = { id: number; field: DiversityField; label: string; isOther?: boolean };

/**
 * The fixed diversity options with the ids of applicant-flow §3.3, in display order. Labels the
 * spec gives are used as written; the others follow the UK census categories. `isOther` marks
 * the spec's other ids (68, 29, 35, 37, 50, 88); 37 is the Yes of registered disabled.
 */
export const DIVERSITY_OPTIONS: readonly DiversityOptionRow[] = [
  { id: 1, field: 'gender', label: 'Prefer not to say' },
  { id: 2, field: 'gender', label: 'Man' },
  { id: 3, field: 'gender', label: 'Woman' },
  { id: 98, field: 'gender', label: 'Non-binary' },
  { id: 4, field: 'gender', label: 'Other' },
  { id: 5, field: 'gender_assigned', label: 'Prefer not to say' },
  { id: 6, field: 'gender_assigned', label: 'Yes' },
  { id: 7, field: 'gender_assigned', label: 'No' },
  { id: 36, field: 'registered_disabled', label: 'Prefer not to say' },
  { id: 37, field: 'registered_disabled', label: 'Yes', isOther: true },
  { id: 38, field: 'registered_disabled', label: 'No' },
  { id: 39, field: 'registered_disabled', label: "Don't know" },
  { id: 62, field: 'nationality', label: 'Prefer not to say' },
  { id: 63, field: 'nationality', label: 'British' },
  { id: 64, field: 'nationality', label: 'English' },
  { id: 65, field: 'nationality', label: 'Northern Irish' },
  { id: 66, field: 'nationality', label: 'Scottish' },
  { id: 67, field: 'nationality', label: 'Welsh' },
  { id: 68, field: 'nationality', label: 'Other', isOther: true },
  { id: 15, field: 'ethnicity', label: 'Prefer not to say' },
  { id: 99, field: 'ethnicity', label: 'Asian or Asian British: Bangladeshi' },
  { id: 100, field: 'ethnicity', label: 'Asian or Asian British: Chinese' },
  { id: 101, field: 'ethnicity', label: 'Asian or Asian British: Indian' },
  { id: 102, field: 'ethnicity', label: 'Asian or Asian British: Pakistani' },
  { id: 103, field: 'ethnicity', label: 'Asian or Asian British: Any other Asian background' },
  { id: 104, field: 'ethnicity', label: 'Black, Black British, Caribbean or African: African' },
  { id: 105, field: 'ethnicity', label: 'Black, Black British, Caribbean or African: Caribbean' },
  { id: 106, field: 'ethnicity', label: 'Black, Black British, Caribbean or African: Any other Black background' },
  { id: 107, field: 'ethnicity', label: 'Mixed or multiple ethnic groups: White and Asian' },
  { id: 108, field: 'ethnicity', label: 'Mixed or multiple ethnic groups: White and Black African' },
  { id: 109, field: 'ethnicity', label: 'Mixed or multiple ethnic groups: White and Black Caribbean' },
  { id: 110, field: 'ethnicity', label: 'Mixed or multiple ethnic groups: Any other mixed background' },
  { id: 111, field: 'ethnicity', label: 'White: English, Welsh, Scottish, Northern Irish or British' },
  { id: 112, field: 'ethnicity', label: 'White: Irish' },
  { id: 23, field: 'ethnicity', label: 'White: Gypsy or Irish Traveller' },
  { id: 24, field: 'ethnicity', label: 'White: Roma' },
  { id: 95, field: 'ethnicity', label: 'White: Any other White background' },
  { id: 29, field: 'ethnicity', label: 'Other ethnic group', isOther: true },
  { id: 30, field: 'sexuality', label: 'Prefer not to say' },
  { id: 31, field: 'sexuality', label: 'Heterosexual or straight' },
  { id: 32, field: 'sexuality', label: 'Gay or lesbian' },
  { id: 34, field: 'sexuality', label: 'Bisexual' },
  { id: 35, field: 'sexuality', label: 'Other', isOther: true },
  { id: 40, field: 'disabled_select', label: 'Prefer not to say' },
  { id: 41, field: 'disabled_select', label: 'Physical impairment' },
  { id: 42, field: 'disabled_select', label: 'Visual impairment' },
  { id: 43, field: 'disabled_select', label: 'Hearing impairment' },
  { id: 44, field: 'disabled_select', label: 'Mental health condition' },
  { id: 45, field: 'disabled_select', label: 'Learning disability' },
  { id: 46, field: 'disabled_select', label: 'Specific learning difficulty, such as dyslexia' },
  { id: 47, field: 'disabled_select', label: 'Autism or another neurodivergent condition' },
  { id: 48, field: 'disabled_select', label: 'Long-standing illness or health condition' },
  { id: 49, field: 'disabled_select', label: 'More than one of these' },
  { id: 50, field: 'disabled_select', label: 'Other', isOther: true },
  { id: 69, field: 'religion', label: 'Prefer not to say' },
  { id: 71, field: 'religion', label: 'No religion' },
  { id: 73, field: 'religion', label: 'Buddhist' },
  { id: 74, field: 'religion', label: 'Christian' },
  { id: 77, field: 'religion', label: 'Hindu' },
  { id: 80, field: 'religion', label: 'Jewish' },
  { id: 81, field: 'religion', label: 'Muslim' },
  { id: 83, field: 'religion', label: 'Sikh' },
  { id: 89, field: 'religion', label: 'Spiritual' },
  { id: 88, field: 'religion', label: 'Other', isOther: true },
];

/** Accepted upload types with the kind the file widgets show (platform-foundation §9). */
export const FILE_TYPES = [
  { mime: 'image/jpeg', extension: 'jpg', kind: 'Image' },
  { mime: 'image/png', extension: 'png', kind: 'Image' },
  { mime: 'image/gif', extension: 'gif', kind: 'Image' },
  { mime: 'image/bmp', extension: 'bmp', kind: 'Image' },
  { mime: 'image/webp', extension: 'webp', kind: 'Image' },
  { mime: 'application/pdf', extension: 'pdf', kind: 'PDF' },
  { mime: 'application/msword', extension: 'doc', kind: 'Document' },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    kind: 'Document',
  },
  { mime: 'application/vnd.oasis.opendocument.text', extension: 'odt', kind: 'Document' },
  { mime: 'text/plain', extension: 'txt', kind: 'Document' },
  { mime: 'text/csv', extension: 'csv', kind: 'Document' },
  { mime: 'application/vnd.ms-excel', extension: 'xls', kind: 'Document' },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', kind: 'Document' },
  { mime: 'video/mp4', extension: 'mp4', kind: 'Video' },
  { mime: 'audio/mpeg', extension: 'mp3', kind: 'Audio' },
] as const;

/**
 * The instant time-zone offsets are computed for: fixed so the stored texts never change
 * between runs (mid-year, so Europe/London reads GMT+01:00).
 */
export const TIMEZONE_REFERENCE_DATE = new Date('2025-07-01T12:00:00Z');

/** Every country and territory the telephone library knows, with its English name and dial code. */
export function countryRows(): (typeof countries.$inferInsert)[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries().map((region) => ({
    region,
    name: names.of(region) ?? region,
    countryCode: getCountryCallingCode(region),
  }));
}

/** `(GMT+01:00) Europe/London`: the zone's offset at the reference date, then its IANA name. */
export function timezoneDisplayText(name: string, at: Date = TIMEZONE_REFERENCE_DATE): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: name, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  // `longOffset` writes a zero offset as plain "GMT".
  const offset = !part || part.value === 'GMT' ? 'GMT+00:00' : part.value;
  return `(${offset}) ${name}`;
}

/** Every IANA zone the runtime knows, plus UTC (which `supportedValuesOf` leaves out). */
export function timezoneRows(): (typeof timezones.$inferInsert)[] {
  const names = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return [...names].map((name) => ({ name, displayText: timezoneDisplayText(name) }));
}

/** Loads the user statuses (needed before any user can be inserted). Idempotent. */
export async function seedUserStatuses(db: Executor): Promise<void> {
  await db
    .insert(userStatuses)
    .values(userStatusRows)
    .onConflictDoUpdate({ target: userStatuses.id, set: { name: sql`excluded.name` } });
}

/** Loads the permission vocabulary. Idempotent. */
export async function seedPermissions(db: Executor): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((permission) => ({ ...permission })))
    .onConflictDoUpdate({ target: permissions.name, set: { category: sql`excluded.category` } });
}

/** Loads the fixed diversity options with their spec ids. Idempotent. */
export async function seedDiversityOptions(db: Executor): Promise<void> {
  await db
    .insert(diversityOptions)
    .values(DIVERSITY_OPTIONS.map((option, position) => ({ ...option, isOther: option.isOther ?? false, position })))
    .onConflictDoUpdate({
      target: diversityOptions.id,
      set: {
        field: sql`excluded.field`,
        label: sql`excluded.label`,
        isOther: sql`excluded.is_other`,
        position: sql`excluded.position`,
      },
    });
}

/** Loads countries, time zones and file types. Idempotent. */
export async function seedLookups(db: Executor): Promise<void> {
  await db
    .insert(countries)
    .values(countryRows())
    .onConflictDoUpdate({
      target: countries.region,
      set: { name: sql`excluded.name`, countryCode: sql`excluded.country_code` },
    });
  await db
    .insert(timezones)
    .values(timezoneRows())
    .onConflictDoUpdate({ target: timezones.name, set: { displayText: sql`excluded.display_text` } });
  await db
    .insert(fileTypes)
    .values(FILE_TYPES.map((fileType) => ({ ...fileType })))
    .onConflictDoUpdate({
      target: fileTypes.mime,
      set: { extension: sql`excluded.extension`, kind: sql`excluded.kind` },
    });
}

/**
 * Loads every piece of global reference data, in one transaction. Safe to run on every start:
 * existing rows are updated in place, nothing is deleted.
 */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await seedUserStatuses(tx);
    await seedPermissions(tx);
    await seedDiversityOptions(tx);
    await seedLookups(tx);
  });
}
