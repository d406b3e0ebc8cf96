import { sql } from 'drizzle-orm';
import {
  MISSING_DATA_FIELDS,
  userMissingDataUsersReportSchema,
  type MissingDataField,
} from '@muster/contract';
import { defineListReport } from '../report.js';
import { checkedPeople } from './missing-data.js';
import { metaOf } from './people.js';

type Checked = {
  user_id: number;
  first_name: string;
  last_name: string;
  email_address: string | null;
} & Record<MissingDataField, boolean>;

/**
 * GET /reports/users/missing-data/users: the people behind /reports/users/missing-data, each with
 * the details they lack. Answered a page at a time; the export (which streams it) takes the whole
 * list away.
 */
export const usersMissingDataUsers = defineListReport({
  path: '/reports/users/missing-data/users',
  summary: 'Missing profile details: the people',
  description:
    'One row per current person (not left or blocked, account made by the period’s last day, within the filters) who lacks at least one profile detail, with the details they lack, by last name, first name and id.',
  response: userMissingDataUsersReportSchema,
  rows: {
    query: (scope) => sql`
      with ${checkedPeople(scope)}
      select * from checked`,
    order: sql`last_name, first_name, user_id`,
    toRow: (row: Checked) => ({
      user_id: row.user_id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email_address,
      missing: MISSING_DATA_FIELDS.filter((field) => row[field]),
    }),
  },
  meta: metaOf,
});
