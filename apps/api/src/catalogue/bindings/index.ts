import { activitiesBindings } from './activities.js';
import { eventsBindings } from './events.js';
import { organisationSettingsBindings } from './organisation-settings.js';
import { peopleWorkBindings } from './people-work.js';
import { perUserBindings } from './per-user.js';
import { residentialBindings } from './residential.js';
import { rotasShiftsBindings } from './rotas-shifts.js';
import type { ResourceBinding } from './types.js';
import { vettingBindings } from './vetting.js';

export * from './types.js';

/**
 * The catalogue entries stored in tables of their own, one file per area. Every other entry the
 * generic module serves is stored as a JSON document (see ../document-bindings.ts).
 */
export const resourceBindings: ResourceBinding[] = [
  ...organisationSettingsBindings,
  ...eventsBindings,
  ...rotasShiftsBindings,
  ...peopleWorkBindings,
  ...perUserBindings,
  ...vettingBindings,
  ...activitiesBindings,
  ...residentialBindings,
];
