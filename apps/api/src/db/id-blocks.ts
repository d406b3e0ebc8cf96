/**
 * Ids taken from sequences a block at a time and handed out one by one in this process (the
 * "pooled" id allocation of mature ORMs), so that most inserts whose ids are needed beforehand
 * cost no round trip of their own.
 *
 * Why: a submit queues all its rows in one statement (db/write-batch.ts), which needs the new
 * user's and application's ids before it is sent; one `nextval` statement per submit was a
 * quarter of its round trips. A sequence never hands out a value twice, so several API processes
 * each holding blocks stay apart. The price: ids rise in each process but interleave between
 * processes, and a process that stops leaves the rest of its blocks unused (gaps, as after any
 * rolled-back insert). Nothing orders by id alone where the time matters.
 */
export class IdBlocks<Name extends string, Via> {
  readonly #free = new Map<Name, number[]>();

  /**
   * @param blockSize how many ids of a sequence one refill takes.
   * @param refill takes `count` new ids from each sequence in `names`, in one round trip, through
   *   `via` (the caller's connection or transaction: waiting for another connection while holding
   *   one could deadlock a full pool).
   */
  constructor(
    readonly blockSize: number,
    private readonly refill: (names: Name[], count: number, via: Via) => Promise<Map<Name, number[]>>,
  ) {
    if (!Number.isInteger(blockSize) || blockSize < 1) {
      throw new RangeError(`a block holds at least one id, not ${String(blockSize)}`);
    }
  }

  /** One unused id of each of `names`; refills (one round trip, through `via`) only the sequences run dry. */
  async take(names: readonly Name[], via: Via): Promise<Map<Name, number>> {
    // Refilled until none is dry: another request may take the last id of a sequence while this
    // one waits for a refill. From the check to the last pop nothing waits, so nothing interleaves.
    for (;;) {
      const empty = names.filter((name) => (this.#free.get(name)?.length ?? 0) === 0);
      if (empty.length === 0) {
        break;
      }
      const fetched = await this.refill(empty, this.blockSize, via);
      for (const name of empty) {
        const ids = fetched.get(name) ?? [];
        if (ids.length === 0) {
          throw new Error(`the sequence of ${name} gave no ids`);
        }
        // Kept highest first, so that pop() hands them out in rising order.
        this.#free.set(name, [...ids.sort((a, b) => b - a), ...(this.#free.get(name) ?? [])]);
      }
    }
    const taken = new Map<Name, number>();
    for (const name of names) {
      const id = this.#free.get(name)?.pop();
      if (id === undefined) {
        throw new Error(`no id of ${name} is left`);
      }
      taken.set(name, id);
    }
    return taken;
  }
}
