import type { Executor } from '../client.js';
import { opportunityTypes, teamChangeoverDays, teamRooms, teams } from '../schema/index.js';
import { assertInserted } from '../rows.js';
import { insertOpportunity } from './builders.js';

/** Where the demo's residential-week (Lakeside Lodge) takes place, for the finder's filters. */
export const DEMO_RESIDENTIAL_WEEK_LOCATION = { country: 'GB', county: 'Cumbria' } as const;

type DemoResidentialOpportunity = {
  slug: string;
  displayName: string;
  /** The residential team the stays are at, created with a few rooms. */
  team: string;
  country: string;
  county: string;
  description: string;
  /** Days from the seed date to the first bookable date. */
  startsIn: number;
  /** Shortest and longest stay in nights. */
  nights: { min: number; max: number };
  published: boolean;
};

/**
 * More residential opportunities in several countries and counties, so that the home page's
 * country and county filters and its pages have something to show (docs/opportunities.md). The
 * last one is not published: it must never be listed.
 */
export const DEMO_FINDER_OPPORTUNITIES: readonly DemoResidentialOpportunity[] = [
  {
    slug: 'highland-trails',
    displayName: 'Highland Trail Repair Fortnight',
    team: 'Glen Affric Bothy',
    country: 'GB',
    county: 'Highland',
    description:
      'Two weeks rebuilding eroded footpaths in Glen Affric with our ranger team. Hard, rewarding work in one of the wildest glens in Scotland; tools, training and bunk beds provided.',
    startsIn: 14,
    nights: { min: 14, max: 14 },
    published: true,
  },
  {
    slug: 'eryri-woodlands',
    displayName: 'Woodland Week in Eryri',
    team: 'Eryri Field Centre',
    country: 'GB',
    county: 'Gwynedd',
    description:
      'Clear invasive rhododendron and plant native oaks in the woodlands of Eryri (Snowdonia). Evenings are free to walk, read or learn a little Welsh.',
    startsIn: 28,
    nights: { min: 7, max: 14 },
    published: true,
  },
  {
    slug: 'cornish-coast-path',
    displayName: 'Cornish Coast Path Week',
    team: 'Lizard Point Hostel',
    country: 'GB',
    county: 'Cornwall',
    description:
      'Help the coastal rangers keep the South West Coast Path open around the Lizard: cutting back gorse, mending steps and counting choughs.',
    startsIn: 35,
    nights: { min: 7, max: 7 },
    published: true,
  },
  {
    slug: 'borrowdale-walls',
    displayName: 'Dry-Stone Walling in Borrowdale',
    team: 'Borrowdale Barn',
    country: 'GB',
    county: 'Cumbria',
    description:
      'Learn the old craft of dry-stone walling from a master waller while repairing the field walls of a Borrowdale hill farm. No experience needed, just sturdy boots.',
    startsIn: 42,
    nights: { min: 7, max: 14 },
    published: true,
  },
  {
    slug: 'kerry-bog-restoration',
    displayName: 'Bog Restoration Week in Kerry',
    team: 'Killarney Bunkhouse',
    country: 'IE',
    county: 'Kerry',
    description:
      'Block old drains and replant sphagnum moss to bring a raised bog near Killarney back to life. Wellies and waterproofs are a must.',
    startsIn: 56,
    nights: { min: 7, max: 14 },
    published: true,
  },
  {
    slug: 'donegal-dunes',
    displayName: 'Dune Conservation Week in Donegal',
    team: 'Donegal Dunes Camp',
    country: 'IE',
    county: 'Donegal',
    description:
      'Plant marram grass, fence off fragile sand dunes and survey their wild flowers on the Atlantic edge of Donegal.',
    startsIn: 70,
    nights: { min: 7, max: 7 },
    published: true,
  },
  {
    slug: 'alpine-refuge',
    displayName: 'Alpine Refuge Week',
    team: 'Refuge du Lac',
    country: 'FR',
    county: 'Haute-Savoie',
    description: 'Still being planned: a week of trail work from a mountain refuge above Lac Blanc.',
    startsIn: 90,
    nights: { min: 7, max: 7 },
    published: false,
  },
];

/** Rooms of each of these teams: three private rooms and a six-bed shared dormitory. */
const ROOMS = [
  { name: 'Room 1', beds: 2, shared: false },
  { name: 'Room 2', beds: 2, shared: false },
  { name: 'Room 3', beds: 2, shared: false },
  { name: 'Dormitory', beds: 6, shared: true },
];

function dayFrom(today: Date, days: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

/**
 * Adds {@link DEMO_FINDER_OPPORTUNITIES} to the demo organisation: for each, a team under
 * `parentTeamId` with rooms and changeover days on `changeoverDay`, and a Residential-short
 * opportunity with the same three steps as residential-week, bookable for six months.
 */
export async function seedDemoResidentialOpportunities(
  tx: Executor,
  options: {
    organisationId: number;
    today: Date;
    parentTeamId: number;
    roleProfileId: number;
    changeoverDay: number;
    consentIds: number[];
    termIds: number[];
  },
): Promise<void> {
  const { organisationId, today } = options;
  for (const opportunity of DEMO_FINDER_OPPORTUNITIES) {
    const [team] = await tx
      .insert(teams)
      .values({ organisationId, name: opportunity.team, parentId: options.parentTeamId })
      .returning({ id: teams.id });
    assertInserted(team, 'team');
    await tx.insert(teamRooms).values(ROOMS.map((room) => ({ organisationId, teamId: team.id, ...room })));
    await tx.insert(teamChangeoverDays).values({
      organisationId,
      teamId: team.id,
      startDate: dayFrom(today, 0),
      endDate: null,
      dayOfWeek: options.changeoverDay,
    });
    await insertOpportunity(tx, organisationId, {
      slug: opportunity.slug,
      type: opportunityTypes.residentialShort,
      displayName: opportunity.displayName,
      publicUrl: `/apply/${opportunity.slug}`,
      roleProfileId: options.roleProfileId,
      teamId: team.id,
      startDate: dayFrom(today, opportunity.startsIn),
      endDate: dayFrom(today, opportunity.startsIn + 182),
      description: opportunity.description,
      published: opportunity.published,
      country: opportunity.country,
      county: opportunity.county,
      subLocations: [
        {
          name: opportunity.team,
          timeslots: [{ minDuration: opportunity.nights.min, maxDuration: opportunity.nights.max }],
        },
      ],
      sections: [
        { type: 'basic-details' },
        { type: 'residential' },
        { type: 'review-apply', consentIds: options.consentIds, termIds: options.termIds },
      ],
    });
  }
}
