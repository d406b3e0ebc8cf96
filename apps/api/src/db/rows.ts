/**
 * Narrows the row a single-row `insert … returning()` answered. The database always answers one;
 * this turns the impossible case into a plain error naming `what` instead of a type hole.
 */
export function assertInserted<T>(row: T | undefined, what: string): asserts row is T {
  if (row === undefined) {
    throw new Error(`${what} insert returned nothing`);
  }
}

/** The row of a single-row `insert … returning()` (see {@link assertInserted}). */
export function insertedRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  assertInserted(row, what);
  return row;
}
