import { diversityOverviewResponseSchema } from '@muster/contract';
import { defineReport, VIEW_DIVERSITY_REPORTS, VIEW_REPORTS } from '../report.js';
import { countAges, countAnswers, overviewRow } from './answers.js';
import { volunteersIn } from './populations.js';

/**
 * GET /reports/overview/diversity: how fully the people volunteering in the period have answered
 * each diversity category and question, and given a date of birth.
 */
export const diversityOverview = defineReport({
  path: '/reports/overview/diversity',
  summary: 'Diversity overview',
  description:
    'People volunteering on some day of the period (as the diversity user report), one row per fixed category, own question, then age: everyone counted, those who answered, preferred not to say, and did not answer. Suppressed with the user report’s figures: `<5` for 1 to 4 people, `hidden` where a figure would let one be worked out; `answered` shows only when the user report’s shown figures give it anyway.',
  permissions: [VIEW_REPORTS, VIEW_DIVERSITY_REPORTS],
  response: diversityOverviewResponseSchema,
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const people = volunteersIn({ organisationId, period, team, roleProfile, timezone });
    // The ages count every person once, so their total is the answers' total too: the people
    // are counted in one pass, not two.
    const counting = countAges(db, organisationId, people, period.to);
    const [groups, ages] = await Promise.all([
      countAnswers(
        db,
        organisationId,
        people,
        counting.then((group) => group.counts.people),
      ),
      counting,
    ]);
    return { data: [...groups, ages].map(overviewRow), meta: { ...period, team, role_profile: roleProfile } };
  },
});
