import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.js';
import {
  authSessions,
  authTokens,
  singleUseTokens,
  ssoStates,
  twoFactorChallenges,
  usedTotpSteps,
} from '../../db/schema/index.js';

/**
 * Sign-in bookkeeping no report reads, written as sessions are used (a token's renewal, a recorded
 * use, a code sent): a write to them must not forget the kept report answers.
 */
const NOT_READ_BY_REPORTS: ReadonlySet<string> = new Set(
  [authSessions, authTokens, twoFactorChallenges, usedTotpSteps, singleUseTokens, ssoStates].map(
    (table) => getTableName(table),
  ),
);

/**
 * The tables a report answer is kept against in the answer cache: every table of the schema but
 * the sign-in bookkeeping above. Reports join across most of the organisation's records, so the
 * list is everything rather than each report's own tables: a committed write to any of them
 * forgets every kept report answer, in every process, and a list kept by hand could miss a table
 * a report later reads.
 */
export const REPORT_ANSWER_TABLES: readonly string[] = (Object.values(schema) as unknown[])
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .filter((name) => !NOT_READ_BY_REPORTS.has(name));
