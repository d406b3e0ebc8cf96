import type {
  activities,
  activityParticipants,
  files,
  hubDocumentViews,
  hubDocuments,
  newsArticleReads,
  newsArticles,
} from '../schema/index.js';
import type { PlannedPerson, Ref } from './history-people.js';
import type { Pending } from './history-records.js';
import {
  addMonths,
  instant,
  monthOf,
  stableUuid,
  weekdayOf,
  type Day,
  type Random,
} from './history-random.js';

/*
 * The community life of the demo history: the activities teams ran (and will run) with who took
 * part, the news the organisation published with who read it, and the hub's documents with who
 * opened them. People take part only while they hold a role in the team, and read only while
 * they volunteer, keen portal users far more than the rest.
 */

/** A team's regular activity: what it is called, its category, and how often it runs. */
export type Programme = {
  teamId: number;
  title: string;
  location: string;
  category: string;
  everyDays: number;
  /** Weekday it runs on (0 Sunday … 6 Saturday). */
  weekday: number;
  hours: number;
  /** Runs outdoors: winter weather cancels some. */
  outdoors: boolean;
};

/** The organisation's lists the community life draws from. */
export type CommunityLookups = {
  organisationId: number;
  admin: Ref | null;
  programmes: readonly Programme[];
  /** Activity categories and outcomes by name (history.ts makes sure these exist). */
  categories: ReadonlyMap<string, number>;
  outcomes: { completed: number; partly: number; weather: number; tooFew: number };
  /** Teams news can be addressed to. */
  newsTeamIds: readonly number[];
};

type PendingActivity = Pending<typeof activities.$inferInsert, 'createdBy'> & Ref;
type PendingArticle = Pending<typeof newsArticles.$inferInsert, 'createdBy'> & Ref;
type PendingDocument = Pending<typeof hubDocuments.$inferInsert, 'createdBy'> & Ref;

/**
 * A hub document's file as planned: its record less what storing its bytes tells (the name on
 * disk, the size and the type), and what its PDF shows.
 */
export type PlannedHubFile = Omit<
  Pending<typeof files.$inferInsert, 'uploadedByUserId'>,
  'storageName' | 'size' | 'mime'
> & {
  content: { title: string; folder: string; pages: number; sharedAt: Date };
};

/** The community records of the history, ready to be given ids and inserted. */
export type PlannedCommunity = {
  activities: PendingActivity[];
  participants: Array<
    Pending<typeof activityParticipants.$inferInsert, 'activityId' | 'userId' | 'createdBy'>
  >;
  articles: PendingArticle[];
  reads: Array<Pending<typeof newsArticleReads.$inferInsert, 'articleId' | 'userId'>>;
  files: PlannedHubFile[];
  documents: PendingDocument[];
  views: Array<Pending<typeof hubDocumentViews.$inferInsert, 'documentId' | 'userId'>>;
};

/** Someone holding a role in a team from `from` to `to` (null: still). */
type Member = { person: PlannedPerson; from: Day; to: Day | null };

/** Chance that a person reads an article or opens a document, by how often they use the portal. */
function keenness(person: PlannedPerson): number {
  return Math.min(0.75, person.loginsPerWeek * 1.8 + 0.04);
}

/** The people volunteering on `day`, or in the team's roles on that day, each once. */
function presentOn(members: readonly Member[], day: Day): Member[] {
  const seen = new Set<PlannedPerson>();
  return members.filter((member) => {
    if (member.from > day || (member.to !== null && member.to < day) || seen.has(member.person)) {
      return false;
    }
    seen.add(member.person);
    return true;
  });
}

/** Activities every programme ran from `from` to six weeks after `today`, with who took part. */
function planActivities(
  random: Random,
  lookups: CommunityLookups,
  byTeam: ReadonlyMap<number, Member[]>,
  window: { from: Day; today: Day },
  out: PlannedCommunity,
): void {
  const { from, today } = window;
  for (const programme of lookups.programmes) {
    const members = byTeam.get(programme.teamId) ?? [];
    const first = from + ((programme.weekday - weekdayOf(from) + 7) % 7);
    for (let day = first; day <= today + 42; day += programme.everyDays) {
      if (random.chance(0.1)) {
        continue;
      }
      const past = day < today;
      const winter = monthOf(day) <= 1 || monthOf(day) >= 10;
      const outcomeId = !past
        ? null
        : random.weighted([
            [lookups.outcomes.completed, 85],
            [lookups.outcomes.partly, 9],
            [lookups.outcomes.weather, programme.outdoors && winter ? 10 : 0.5],
            [lookups.outcomes.tooFew, 2],
          ] as const);
      const cancelled = outcomeId === lookups.outcomes.weather || outcomeId === lookups.outcomes.tooFew;
      const startMinutes = random.pick([9 * 60 + 30, 10 * 60, 13 * 60]);
      const activity: PendingActivity = {
        id: 0,
        organisationId: lookups.organisationId,
        title: programme.title,
        description: null,
        categoryId: lookups.categories.get(programme.category) ?? null,
        outcomeId,
        teamId: programme.teamId,
        startsAt: instant(day, startMinutes).toISOString(),
        endsAt: instant(day, startMinutes + programme.hours * 60).toISOString(),
        location: programme.location,
        hours: programme.hours,
        guests: !cancelled && random.chance(0.08) ? random.int(5, 30) : 0,
        createdBy: lookups.admin,
        createdAt: instant(day - random.int(7, 28), 11 * 60),
      };
      out.activities.push(activity);
      const present = presentOn(members, day);
      for (const member of random.sample(present, random.int(3, 12))) {
        out.participants.push({
          organisationId: lookups.organisationId,
          activityId: activity,
          userId: member.person,
          hours: past && !cancelled && random.chance(0.1) ? programme.hours - 1 : null,
          attended: !past ? null : cancelled ? false : random.chance(0.92),
          createdBy: lookups.admin,
          createdAt: instant(day - random.int(1, 7), 12 * 60),
        });
      }
    }
  }
}

/** Articles by month: what a volunteer body writes about through its year. */
const NEWS_BY_MONTH: ReadonlyArray<readonly string[]> = [
  ['Our year in numbers', 'Winter warmth: a thank-you from the Community Hub'],
  ['New dates for the spring beach cleans', 'Safeguarding refresher now online'],
  ['Residential weeks open for booking', 'Spring recruitment: bring a friend'],
  ['Easter opening hours', 'Meet the new Coastal Team leader'],
  ['Volunteers’ Week is coming', 'First aid courses: book your place'],
  ['Thank you for Volunteers’ Week', 'Summer rota now published'],
  ['Heatwave guidance for outdoor shifts', 'Photos from the summer residential weeks'],
  ['Big Beach Clean results', 'Holiday cover: can you help?'],
  ['Welcome to our new volunteers', 'Autumn training days'],
  ['Expenses: claim by the end of the month', 'Half-term activities at the Community Hub'],
  ['Remembering to record your hours', 'Winter opening hours at the Community Hub'],
  ['Christmas collection for the food bank', 'Season’s greetings from Demo Volunteers'],
];

/** News: two articles a month, a fifth of them for one team, read by the volunteers of the day. */
function planNews(
  random: Random,
  lookups: CommunityLookups,
  everyone: readonly Member[],
  byTeam: ReadonlyMap<number, Member[]>,
  window: { from: Day; today: Day },
  out: PlannedCommunity,
): void {
  const { from, today } = window;
  for (let month = addMonths(from, 0); month <= today; month = addMonths(month, 1)) {
    for (const title of NEWS_BY_MONTH[monthOf(month)] ?? []) {
      const published = month + random.int(0, 26);
      if (published > today) {
        continue;
      }
      const teamId =
        lookups.newsTeamIds.length > 0 && random.chance(0.2) ? random.pick(lookups.newsTeamIds) : null;
      const article: PendingArticle = {
        id: 0,
        organisationId: lookups.organisationId,
        title,
        body: `${title}. ${random.pick(['Thank you to everyone who helped.', 'Read on for the details and dates.', 'Ask your team leader if you have any questions.'])}`,
        teamId,
        publishedAt: instant(published, 8 * 60).toISOString(),
        createdBy: lookups.admin,
        createdAt: instant(published - random.int(1, 5), 15 * 60),
      };
      out.articles.push(article);
      const audience = presentOn(teamId === null ? everyone : (byTeam.get(teamId) ?? []), published);
      const readers = new Set<PlannedPerson>();
      for (const member of audience) {
        if (readers.has(member.person) || !random.chance(keenness(member.person) * 0.9)) {
          continue;
        }
        readers.add(member.person);
        const read = Math.min(today, published + Math.round(random.exponential(3)));
        out.reads.push({
          organisationId: lookups.organisationId,
          articleId: article,
          userId: member.person,
          readAt: instant(read, random.int(8 * 60, 22 * 60)).toISOString(),
        });
      }
    }
  }
}

/** The hub's documents: title, folder, file name, and whether one team has it. */
const HUB_DOCUMENTS = [
  { title: 'Volunteer handbook', folder: 'Getting started', file: 'volunteer-handbook.pdf', team: false },
  { title: 'Code of conduct', folder: 'Getting started', file: 'code-of-conduct.pdf', team: false },
  { title: 'Safeguarding policy', folder: 'Policies', file: 'safeguarding-policy.pdf', team: false },
  { title: 'Expenses policy', folder: 'Policies', file: 'expenses-policy.pdf', team: false },
  { title: 'Lone working guidance', folder: 'Policies', file: 'lone-working.pdf', team: false },
  {
    title: 'Risk assessment: beach cleans',
    folder: 'Risk assessments',
    file: 'risk-assessment-beach-cleans.pdf',
    team: true,
  },
  {
    title: 'Risk assessment: residential weeks',
    folder: 'Risk assessments',
    file: 'risk-assessment-residential.pdf',
    team: true,
  },
  {
    title: 'Fire evacuation plan',
    folder: 'Risk assessments',
    file: 'fire-evacuation-plan.pdf',
    team: false,
  },
  { title: 'Mileage claim form', folder: 'Forms', file: 'mileage-claim-form.pdf', team: false },
  { title: 'Incident report form', folder: 'Forms', file: 'incident-report-form.pdf', team: false },
  { title: 'Annual report', folder: 'About us', file: 'annual-report.pdf', team: false },
  { title: 'Volunteer newsletter archive', folder: 'About us', file: 'newsletter-archive.pdf', team: false },
] as const;

/**
 * The hub: a dozen documents shared over the history's first year, each opened by some of the
 * people volunteering since (keen portal users again and again), a third of the openings a
 * download. Each file is planned with what its PDF will show; history-files.ts makes and stores
 * the PDF when the history is written.
 */
function planHub(
  random: Random,
  lookups: CommunityLookups,
  everyone: readonly Member[],
  byTeam: ReadonlyMap<number, Member[]>,
  window: { from: Day; today: Day },
  out: PlannedCommunity,
): void {
  const { from, today } = window;
  for (const spec of HUB_DOCUMENTS) {
    const published = Math.min(today, from + random.int(0, 365));
    // File ids are unique across organisations: the organisation is mixed into the seeded id.
    const fileId = stableUuid(`${lookups.organisationId}:${random.faker.string.uuid()}`);
    out.files.push({
      id: fileId,
      organisationId: lookups.organisationId,
      uploadedByUserId: lookups.admin,
      originalName: spec.file,
      ephemeral: false,
      attachedAt: instant(published, 9 * 60),
      createdAt: instant(published, 9 * 60),
      content: {
        title: spec.title,
        folder: spec.folder,
        pages: random.int(1, 4),
        sharedAt: instant(published, 9 * 60),
      },
    });
    const teamId = spec.team && lookups.newsTeamIds.length > 0 ? random.pick(lookups.newsTeamIds) : null;
    const document: PendingDocument = {
      id: 0,
      organisationId: lookups.organisationId,
      title: spec.title,
      description: null,
      fileId,
      folder: spec.folder,
      teamId,
      publishedAt: instant(published, 9 * 60).toISOString(),
      createdBy: lookups.admin,
      createdAt: instant(published, 9 * 60),
    };
    out.documents.push(document);
    for (const member of teamId === null ? everyone : (byTeam.get(teamId) ?? [])) {
      const start = Math.max(member.from, published);
      const end = Math.min(member.to ?? today, today);
      if (end < start || !random.chance(keenness(member.person) * 0.3)) {
        continue;
      }
      for (
        let view = random.weighted([
          [1, 60],
          [2, 25],
          [3, 15],
        ] as const);
        view > 0;
        view -= 1
      ) {
        out.views.push({
          organisationId: lookups.organisationId,
          documentId: document,
          userId: member.person,
          kind: random.chance(0.3) ? 'download' : 'view',
          viewedAt: instant(random.int(start, end), random.int(8 * 60, 22 * 60)).toISOString(),
        });
      }
    }
  }
}

/** The activities, news and hub of the history. */
export function planCommunity(
  random: Random,
  lookups: CommunityLookups,
  people: readonly PlannedPerson[],
  window: { from: Day; today: Day },
): PlannedCommunity {
  const out: PlannedCommunity = {
    activities: [],
    participants: [],
    articles: [],
    reads: [],
    files: [],
    documents: [],
    views: [],
  };
  const byTeam = new Map<number, Member[]>();
  const everyone: Member[] = [];
  for (const person of people) {
    for (const period of person.periods) {
      everyone.push({ person, from: period.joined, to: period.left });
      for (const role of period.roles) {
        const members = byTeam.get(role.teamId) ?? [];
        members.push({ person, from: role.from, to: role.to });
        byTeam.set(role.teamId, members);
      }
    }
  }
  planActivities(random, lookups, byTeam, window, out);
  planNews(random, lookups, everyone, byTeam, window, out);
  planHub(random, lookups, everyone, byTeam, window, out);
  return out;
}
