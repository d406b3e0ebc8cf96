import {
  durationOptions,
  type ResidentialOpportunity,
  type ResidentialOpportunityBody,
  type ResidentialOpportunityUpdateBody,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { opportunityTypes } from '../../db/schema/index.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import type { Viewer } from '../users/service.js';
import { findTeam, listChangeoverDays } from './repository.js';
import { MANAGE_RESIDENTIAL } from './service.js';
import { assertMayManageBookings } from './staff-bookings.js';
import {
  applicationCount,
  countyCounts,
  deleteOpportunity,
  findCountry,
  findResidentialOpportunity,
  firstTimeslotOf,
  insertOpportunity,
  opportunitiesAt,
  relocateOpportunities,
  roleProfileExists,
  roomCounts,
  slugTaken,
  updateOpportunity,
  writeDurations,
} from './staff-repository.js';

/*
 * Residential opportunities and the places they are in (platform-foundation §7
 * `/residential-opportunities/`, `…/countries`, `…/counties/`; docs/residential.md "Residential
 * opportunities"). The lists (index) are the public finder's (modules/opportunity-finder). One
 * opportunity, one country and one county read as the finder does (public, published ones); staff
 * who run stays (`manage-residential`) also see unpublished ones and write them. The countries and
 * counties are not records of their own: they are where the opportunities are, so writing one
 * writes the location of the organisation's residential opportunities.
 */

function opportunityNotFound(): HttpError {
  return new HttpError(404, 'This opportunity does not exist.');
}

const mayManage = (viewer: Viewer | null) => viewer?.permissions.includes(MANAGE_RESIDENTIAL) === true;

/**
 * One residential opportunity with what a stay there is bound by: its team's changeover days and
 * rooms, its dates and the stay lengths of its first time slot. Anyone may read a published one
 * (as the finder lists it); an unpublished one only `manage-residential` (404 otherwise).
 */
export async function getResidentialOpportunity(
  db: Executor,
  organisationId: number,
  viewer: Viewer | null,
  raw: string,
): Promise<ResidentialOpportunity> {
  const row = await findResidentialOpportunity(db, organisationId, raw);
  if (!row || (!row.published && !mayManage(viewer))) {
    throw opportunityNotFound();
  }
  const slot = await firstTimeslotOf(db, organisationId, row.id);
  return {
    id: row.id,
    slug: row.slug,
    display_name: row.displayName,
    type: row.type,
    description: row.description,
    public_url: row.publicUrl,
    published: row.published,
    team: row.team,
    role_profile_id: row.roleProfileId,
    start_date: row.startDate,
    end_date: row.endDate,
    country:
      row.countryRegion && row.countryName ? { region: row.countryRegion, name: row.countryName } : null,
    county: row.county,
    min_nights: slot?.minDuration ?? null,
    max_nights: slot?.maxDuration ?? null,
    durations: durationOptions(slot?.minDuration, slot?.maxDuration),
    changeover_days: await listChangeoverDays(db, organisationId, row.team.id),
    rooms: await roomCounts(db, organisationId, row.team.id),
  };
}

/** `Lakeside week!` → `lakeside-week`. */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug === '' ? 'residential' : slug;
}

/** Checks what the body names against the organisation's rows; 422 at the field otherwise. */
async function assertReferences(
  db: Executor,
  organisationId: number,
  body: ResidentialOpportunityUpdateBody,
  current: {
    startDate: string | null;
    endDate: string | null;
    country: string | null;
    minNights: number | null;
  },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.team_id !== undefined && !(await findTeam(db, organisationId, body.team_id))) {
    errors.team_id = ['Please choose a team of this organisation.'];
  }
  if (
    body.role_profile_id !== undefined &&
    !(await roleProfileExists(db, organisationId, body.role_profile_id))
  ) {
    errors.role_profile_id = ['Please choose a role profile of this organisation.'];
  }
  if (body.country && !(await findCountry(db, body.country))) {
    errors.country = ['Please choose a country from the list.'];
  }
  const country = body.country === undefined ? current.country : body.country;
  if (body.county && !country) {
    errors.county = ['Please choose the country of the county.'];
  }
  const start = body.start_date === undefined ? current.startDate : body.start_date;
  const end = body.end_date === undefined ? current.endDate : body.end_date;
  if (start && end && end < start) {
    errors.end_date = ['The end date must not be before the start date.'];
  }
  const minNights = body.min_nights === undefined ? current.minNights : body.min_nights;
  const maxNights = body.max_nights ?? null;
  if (maxNights !== null && minNights !== null && maxNights < minNights) {
    errors.max_nights = ['The longest stay must not be shorter than the shortest.'];
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
}

/**
 * Creates a residential opportunity (`manage-residential`): type Residential-short, at the team,
 * with its role, dates, place and stay lengths (kept on a first sub-location and time slot, where
 * the form reads them). The slug is made from the name unless given (422 when taken).
 */
export async function storeResidentialOpportunity(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  body: ResidentialOpportunityBody,
): Promise<ResidentialOpportunity> {
  assertMayManageBookings(viewer);
  await assertReferences(db, organisationId, body, {
    startDate: null,
    endDate: null,
    country: null,
    minNights: null,
  });
  let slug = body.slug ?? slugOf(body.display_name);
  if (await slugTaken(db, organisationId, slug, null)) {
    if (body.slug !== undefined) {
      throw validationError({ slug: ['Another opportunity already has this slug.'] });
    }
    slug = `${slug}-${Date.now().toString(36)}`;
  }
  const id = await db.transaction(async (tx) => {
    const opportunityId = await insertOpportunity(tx, organisationId, {
      slug,
      type: opportunityTypes.residentialShort,
      displayName: body.display_name,
      publicUrl: body.public_url ?? null,
      roleProfileId: body.role_profile_id,
      teamId: body.team_id,
      startDate: body.start_date ?? null,
      endDate: body.end_date ?? null,
      description: body.description ?? null,
      published: body.published ?? false,
      country: body.country ?? null,
      county: body.country ? (body.county ?? null) : null,
    });
    await writeDurations(tx, organisationId, opportunityId, {
      minDuration: body.min_nights ?? null,
      maxDuration: body.max_nights ?? null,
    });
    return opportunityId;
  });
  return getResidentialOpportunity(db, organisationId, viewer, String(id));
}

async function findForWrite(db: Executor, organisationId: number, raw: string) {
  const row = await findResidentialOpportunity(db, organisationId, raw);
  if (!row) {
    throw opportunityNotFound();
  }
  return row;
}

/**
 * Changes a residential opportunity (`manage-residential`; 404 when it is not one of the
 * organisation's residential ones): any field of the store; omitted ones keep their value. Taking
 * the country away takes the county too.
 */
export async function updateResidentialOpportunity(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  raw: string,
  body: ResidentialOpportunityUpdateBody,
): Promise<ResidentialOpportunity> {
  assertMayManageBookings(viewer);
  const row = await findForWrite(db, organisationId, raw);
  const slot = await firstTimeslotOf(db, organisationId, row.id);
  await assertReferences(db, organisationId, body, {
    startDate: row.startDate,
    endDate: row.endDate,
    country: row.countryRegion,
    minNights: slot?.minDuration ?? null,
  });
  if (body.slug !== undefined && (await slugTaken(db, organisationId, body.slug, row.id))) {
    throw validationError({ slug: ['Another opportunity already has this slug.'] });
  }
  await db.transaction(async (tx) => {
    await updateOpportunity(tx, organisationId, row.id, {
      ...(body.display_name === undefined ? {} : { displayName: body.display_name }),
      ...(body.slug === undefined ? {} : { slug: body.slug }),
      ...(body.team_id === undefined ? {} : { teamId: body.team_id }),
      ...(body.role_profile_id === undefined ? {} : { roleProfileId: body.role_profile_id }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.public_url === undefined ? {} : { publicUrl: body.public_url }),
      ...(body.published === undefined ? {} : { published: body.published }),
      ...(body.start_date === undefined ? {} : { startDate: body.start_date }),
      ...(body.end_date === undefined ? {} : { endDate: body.end_date }),
      ...(body.country === undefined ? {} : { country: body.country }),
      ...(body.county === undefined ? {} : { county: body.county }),
      ...(body.country === null ? { county: null } : {}),
    });
    if (body.min_nights !== undefined || body.max_nights !== undefined) {
      await writeDurations(tx, organisationId, row.id, {
        minDuration: body.min_nights === undefined ? (slot?.minDuration ?? null) : body.min_nights,
        maxDuration: body.max_nights === undefined ? (slot?.maxDuration ?? null) : body.max_nights,
      });
    }
  });
  return getResidentialOpportunity(db, organisationId, viewer, String(row.id));
}

/**
 * Deletes a residential opportunity nobody has applied for (`manage-residential`). One with
 * applications is refused (409): deleting it would delete them and their stays' history; it is
 * unpublished instead (`published: false`), which takes it off the finder and the form.
 */
export async function deleteResidentialOpportunity(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  raw: string,
): Promise<void> {
  assertMayManageBookings(viewer);
  const row = await findForWrite(db, organisationId, raw);
  await db.transaction(async (tx) => {
    if ((await applicationCount(tx, organisationId, row.id)) > 0) {
      throw new HttpError(
        409,
        'People have applied for this opportunity, so it cannot be deleted; unpublish it instead.',
      );
    }
    await deleteOpportunity(tx, organisationId, row.id);
  });
}

// ——— Countries and counties ———

async function countryOrFail(db: Executor, region: string, field: string | null) {
  const country = await findCountry(db, region);
  if (!country) {
    throw field
      ? validationError({ [field]: ['Please choose a country from the list.'] })
      : new HttpError(404, 'This country does not exist.');
  }
  return country;
}

/**
 * One country of the finder: its published residential opportunities that have not ended, and
 * its counties with theirs (public, as the lists). 404 for a code that names no country.
 */
export async function getResidentialCountry(
  db: Executor,
  organisationId: number,
  region: string,
  today: string,
) {
  const country = await countryOrFail(db, region, null);
  const counts = await countyCounts(db, organisationId, region, today);
  return {
    ...country,
    opportunities: counts.reduce((sum, county) => sum + county.total, 0),
    counties: counts.flatMap((county) =>
      county.name === null || county.name.trim() === ''
        ? []
        : [{ name: county.name, opportunities: county.total }],
    ),
  };
}

/** One county of a country (any case): its published residential opportunities that have not ended; 404 when none. */
export async function getResidentialCounty(
  db: Executor,
  organisationId: number,
  region: string,
  name: string,
  today: string,
) {
  const country = await countryOrFail(db, region, 'country');
  const county = (await countyCounts(db, organisationId, region, today)).find(
    (entry) => entry.name !== null && entry.name.toLowerCase() === name.trim().toLowerCase(),
  );
  if (!county || county.name === null) {
    throw new HttpError(404, 'No residential opportunity is in this county.');
  }
  return { name: county.name, country, opportunities: county.total };
}

/** 422 at `opportunity_ids` unless every id names a residential opportunity of the organisation. */
async function assertOpportunities(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
): Promise<void> {
  const found = new Set(await opportunitiesAt(db, organisationId, { ids }));
  if (ids.some((id) => !found.has(id))) {
    throw validationError({
      opportunity_ids: ['Each opportunity must be a residential opportunity of this organisation.'],
    });
  }
}

/**
 * Places the listed residential opportunities in the country (`manage-residential`); a county
 * they had stays only when they were already in that country.
 */
export async function placeInCountry(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  body: { region: string; opportunity_ids: readonly number[] },
): Promise<void> {
  assertMayManageBookings(viewer);
  await countryOrFail(db, body.region, 'region');
  await assertOpportunities(db, organisationId, body.opportunity_ids);
  await db.transaction(async (tx) => {
    const already = new Set(await opportunitiesAt(tx, organisationId, { country: body.region }));
    const moving = body.opportunity_ids.filter((id) => !already.has(id));
    if (moving.length > 0) {
      await relocateOpportunities(
        tx,
        organisationId,
        { ids: moving },
        { country: body.region, county: null },
      );
    }
  });
}

/**
 * Moves every residential opportunity of the organisation in one country to another
 * (`manage-residential`), counties kept: for a place recorded under the wrong country. 404 when
 * none is there.
 */
export async function moveCountry(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  from: string,
  to: string,
): Promise<number> {
  assertMayManageBookings(viewer);
  await countryOrFail(db, to, 'region');
  const moved = await db.transaction(async (tx) =>
    relocateOpportunities(tx, organisationId, { country: from }, { country: to }),
  );
  if (moved === 0) {
    throw new HttpError(404, 'No residential opportunity is in this country.');
  }
  return moved;
}

/**
 * Takes the country (and county) off every residential opportunity of the organisation there
 * (`manage-residential`): they leave the finder's country filter. 404 when none is there.
 */
export async function clearCountry(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  region: string,
): Promise<void> {
  assertMayManageBookings(viewer);
  const cleared = await db.transaction(async (tx) =>
    relocateOpportunities(tx, organisationId, { country: region }, { country: null, county: null }),
  );
  if (cleared === 0) {
    throw new HttpError(404, 'No residential opportunity is in this country.');
  }
}

/** Places the listed residential opportunities in the county of the country (`manage-residential`). */
export async function placeInCounty(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  body: { country: string; name: string; opportunity_ids: readonly number[] },
): Promise<void> {
  assertMayManageBookings(viewer);
  await countryOrFail(db, body.country, 'country');
  await assertOpportunities(db, organisationId, body.opportunity_ids);
  await db.transaction(async (tx) =>
    relocateOpportunities(
      tx,
      organisationId,
      { ids: body.opportunity_ids },
      { country: body.country, county: body.name },
    ),
  );
}

/**
 * Renames a county (any case) on every residential opportunity of the organisation in the
 * country (`manage-residential`): spellings of one place become one. 404 when none is there.
 */
export async function renameCounty(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  region: string,
  name: string,
  to: string,
): Promise<void> {
  assertMayManageBookings(viewer);
  const renamed = await db.transaction(async (tx) =>
    relocateOpportunities(tx, organisationId, { country: region, county: name.trim() }, { county: to }),
  );
  if (renamed === 0) {
    throw new HttpError(404, 'No residential opportunity is in this county.');
  }
}

/**
 * Takes the county off every residential opportunity of the organisation there
 * (`manage-residential`); they stay in the country. 404 when none is there.
 */
export async function clearCounty(
  db: Database,
  organisationId: number,
  viewer: Viewer,
  region: string,
  name: string,
): Promise<void> {
  assertMayManageBookings(viewer);
  const cleared = await db.transaction(async (tx) =>
    relocateOpportunities(tx, organisationId, { country: region, county: name.trim() }, { county: null }),
  );
  if (cleared === 0) {
    throw new HttpError(404, 'No residential opportunity is in this county.');
  }
}
