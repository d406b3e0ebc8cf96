import type { CountRow } from './memberships-sql.js';

/** Each row's count as a percentage of `total`, to one decimal place (0 when there is nothing). */
export function withShares(rows: readonly CountRow[], total: number) {
  return rows.map((row) => ({
    ...row,
    percentage: total === 0 ? 0 : Math.round((row.count / total) * 1000) / 10,
  }));
}
