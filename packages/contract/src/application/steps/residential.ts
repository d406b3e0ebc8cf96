import { readId, readList, type StepReadContext } from '../read.js';

/* The residential step (applicant-flow §2.8): the time slots chosen. */

export type ResidentialPart = {
  /** Chosen time slot ids, without repeats. */
  timeslotIds: number[];
};

/** The body fields this step owns, with their descriptions. */
export const residentialFields = {
  timeslot_ids: 'Chosen time slot ids.',
} as const;

/** Reads the chosen time slots; with `options.timeslotIds`, each must be one of the opportunity's. */
export function readResidential({ issues, raw, options }: StepReadContext): ResidentialPart {
  const allowed = options.timeslotIds;
  const ids: number[] = [];
  for (const value of readList(issues, ['timeslot_ids'], raw.timeslot_ids)) {
    const id = readId(value);
    if (id === null) {
      continue;
    }
    if (id === 'invalid' || (allowed && !allowed.includes(id))) {
      issues.add(['timeslot_ids'], 'Please select a valid time slot');
      return { timeslotIds: [] };
    }
    if (!ids.includes(id)) {
      ids.push(id);
    }
  }
  return { timeslotIds: ids };
}
