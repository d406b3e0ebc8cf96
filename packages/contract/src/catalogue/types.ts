/** The generic operations every resource has unless the spec disables them (platform-foundation §7). */
export const CATALOGUE_OPERATIONS = ['index', 'show', 'store', 'update', 'del'] as const;
export type CatalogueOperation = (typeof CATALOGUE_OPERATIONS)[number];

export type CatalogueMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A named call outside the generic five, e.g. POST `/exports/{id}/resend`. */
export type CatalogueExtra = {
  method: CatalogueMethod;
  /** Relative to `/api/`, starting with `/`, with `{param}` placeholders, written as the spec writes it. */
  path: string;
  note?: string;
};

/** One back-end route the client knows (platform-foundation §7). */
export type CatalogueEntry = {
  /** Unique, dotted from the path's static segments, e.g. `organisation.terms`, `users.consents`. */
  name: string;
  /** Relative to `/api/`, with `{param}` placeholders; trailing slash as the spec writes it. */
  path: string;
  /** The generic operations that exist on this route (the five minus what the spec disables). */
  operations: readonly CatalogueOperation[];
  /** Named calls that are not generic operations. */
  extra?: readonly CatalogueExtra[];
  /** The §7 subsection the route is listed under (one catalogue file per area). */
  area: string;
  /** Where the spec says something about the route that the fields above cannot. */
  note?: string;
};

/*
 * The helpers below keep their arguments' literal types (const type parameters), so that the
 * catalogue's type knows each entry's name, path, operations and named calls: the web client's
 * methods and path parameters are derived from it (apps/web/src/lib/api/catalogue-api.ts).
 */

/** Every generic operation: a resource the spec lists without disabling anything. */
export const ALL_OPERATIONS: typeof CATALOGUE_OPERATIONS = CATALOGUE_OPERATIONS;

/** Only the given operations (the spec says "X only" or lists what remains). */
export function only<const O extends CatalogueOperation>(...operations: O[]): readonly O[] {
  return CATALOGUE_OPERATIONS.filter((operation): operation is O =>
    (operations as CatalogueOperation[]).includes(operation),
  );
}

/** Every operation except the disabled ones (the spec says "no X" or "X disabled"). */
export function except<const D extends CatalogueOperation>(
  ...disabled: D[]
): readonly Exclude<CatalogueOperation, D>[] {
  return CATALOGUE_OPERATIONS.filter(
    (operation): operation is Exclude<CatalogueOperation, D> =>
      !(disabled as CatalogueOperation[]).includes(operation),
  );
}

/** No generic operation: the route only carries named calls. */
export const NO_OPERATIONS: readonly never[] = [];

/** An entry as an area file writes it: everything but the area. */
export type AreaEntry = Omit<CatalogueEntry, 'area'>;

/** The entries of an area file, each tagged with the area, literal types kept. */
export type InArea<A extends string, E extends readonly AreaEntry[]> = {
  readonly [K in keyof E]: E[K] & { readonly area: A };
};

/** Tags a file's entries with their area, so each area file lists its routes without repeating it. */
export function inArea<const A extends string, const E extends readonly AreaEntry[]>(
  area: A,
  entries: E,
): InArea<A, E> {
  return entries.map((entry) => ({ ...entry, area })) as unknown as InArea<A, E>;
}
