import {
  fillPath,
  pathParams,
  resourcePath,
  type CatalogueEntry,
  type CatalogueEntryLiteral,
  type CatalogueExtra,
  type CatalogueOperation,
  type PaginationMeta,
} from '@muster/contract';
import type { ApiClient, QueryParams, RequestOptions, ResponseType, UploadProgress } from './client';
import type { EntryTypes, KnownResources } from './catalogue-types';

/*
 * The typed client of the route catalogue (platform-foundation §7): one object per entry, nested
 * by the entry's dotted name (dashes to camelCase), e.g.
 *
 *   api.events.sessions.attendees.index({ eventId, sessionId }, { page: 2 })
 *   api.organisation.terms.update(7, { name: 'Agreement', link: 'https://…' })
 *   api.events.sessions.bulkUpdateLocation({ eventId }, body)
 *   api.rota.pdf({ date: '2026-01-03' }, { team: 4 })          // a Blob
 *
 * Both the type and the object are made from the same catalogue data: only the enabled
 * operations exist, and the path parameters are the `{param}` placeholders of the entry's path.
 * A path without placeholders takes no parameter object.
 */

/** A value for one `{param}` placeholder. */
export type PathParamValue = string | number;
/**
 * The id of one record, appended to the route. `null` addresses the route itself, for the entries
 * the spec treats as a single record of their parent (`users.password`, `users.two-factor`, …).
 */
export type ItemId = string | number | null;

/** A record of an entry the contract does not describe yet. */
export type UnknownRecord = Record<string, unknown>;
/** The generic index answer (platform-foundation §7): one page and where it sits. */
export type PageAnswer<T> = { data: T[]; meta: PaginationMeta };
/** The generic answer about one record. */
export type RecordAnswer<T> = { data: T };

/** Options of a read; the query is its own argument. */
export type ReadOptions = Omit<RequestOptions, 'body' | 'query'>;
/** Options of a write or a named call (which may take query parameters besides a body). */
export type WriteOptions = Omit<RequestOptions, 'body'>;
/**
 * Options of a store or update. With `onProgress` and a FormData body the request goes out as an
 * upload (XMLHttpRequest, which reports progress), under the same renewal and cancellation rules.
 */
export type SaveOptions = WriteOptions & { onProgress?: (progress: UploadProgress) => void };

// ---- Names and paths -------------------------------------------------------------------------

/** `new-user` → `newUser`. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The `{param}` names of a path, as a union. */
export type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The parameter object of a path: one value per placeholder. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: PathParamValue };

/** The leading argument of a call on `P`: the parameter object, or nothing when `P` has none. */
type ParamArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: PathParams<P>];

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? Head extends ''
    ? Segments<Tail>
    : [Head, ...Segments<Tail>]
  : P extends ''
    ? []
    : [P];

type IsParam<S> = S extends `{${string}}` ? true : false;

/** Drops from `Call` the leading segments it shares with `Route` (any placeholder matches any). */
type DropShared<Route extends string[], Call extends string[]> = Route extends [
  infer RouteHead,
  ...infer RouteTail extends string[],
]
  ? Call extends [infer CallHead, ...infer CallTail extends string[]]
    ? [IsParam<RouteHead>, IsParam<CallHead>] extends [true, true]
      ? DropShared<RouteTail, CallTail>
      : RouteHead extends CallHead
        ? DropShared<RouteTail, CallTail>
        : Call
    : Call
  : Call;

type StaticSegments<S extends string[]> = S extends [
  infer Head extends string,
  ...infer Tail extends string[],
]
  ? IsParam<Head> extends true
    ? StaticSegments<Tail>
    : [Head, ...StaticSegments<Tail>]
  : [];

type JoinCamel<S extends string[]> = S extends [infer Head extends string, ...infer Tail extends string[]]
  ? `${CamelCase<Head>}${Capitalize<JoinCamel<Tail>>}`
  : '';

/**
 * The method name of a named call: the static segments of its path after the ones it shares with
 * its entry's path, camelCased (`/events/{eventId}/sessions/bulk-update-location/` on
 * `/events/{eventId}/sessions/` → `bulkUpdateLocation`, `/rota/{date}/pdf` on `/rota/` → `pdf`);
 * a call on the entry's own path is named after its method (`get`, `post`, `put`, `delete`).
 */
export type CallName<RoutePath extends string, Call extends { method: string; path: string }> =
  StaticSegments<DropShared<Segments<RoutePath>, Segments<Call['path']>>> extends infer Rest extends string[]
    ? Rest extends []
      ? Lowercase<Call['method']>
      : JoinCamel<Rest>
    : never;

// ---- Answer and body types --------------------------------------------------------------------

type Known<N extends string> = N extends keyof KnownResources ? KnownResources[N] : EntryTypes;
type Field<T, K extends string, Fallback> = T extends { [P in K]: infer V } ? V : Fallback;
type NamedField<T, Group extends string, K extends string, Fallback> = T extends { [P in Group]: infer G }
  ? Field<G, K, Fallback>
  : Fallback;

type Item<N extends string> = Field<Known<N>, 'item', UnknownRecord>;
type Body<N extends string> = Field<Known<N>, 'body', Partial<Item<N>>>;

/** The default answer of each generic operation of entry `N`. */
export type IndexAnswer<N extends string> = Field<Known<N>, 'index', PageAnswer<Item<N>>>;
export type ShowAnswer<N extends string> = Field<Known<N>, 'show', RecordAnswer<Item<N>>>;
export type StoreAnswer<N extends string> = Field<Known<N>, 'store', RecordAnswer<Item<N>>>;
export type UpdateAnswer<N extends string> = Field<Known<N>, 'update', RecordAnswer<Item<N>>>;
export type DelAnswer<N extends string> = Field<Known<N>, 'del', unknown>;
export type StoreBody<N extends string> = Field<Known<N>, 'storeBody', Body<N>>;
export type UpdateBody<N extends string> = Field<Known<N>, 'updateBody', Body<N>>;

/** Binary and text answers, as the catalogue notes them; JSON (unknown until stated) otherwise. */
type NotedAnswer<X> = X extends { note: `${string}binary${string}` }
  ? Blob
  : X extends { note: `${string}answers text${string}` }
    ? string
    : unknown;

// ---- The object ------------------------------------------------------------------------------

type Entry = CatalogueEntryLiteral;
type EntryNamed<N extends string, E extends Entry> = Extract<E, { name: N }>;

/** The generic operations over an entry's route (platform-foundation §7). */
export type GenericMethods<N extends string, P extends string> = {
  /** GET `{route}?query`. */
  index: <A = IndexAnswer<N>>(
    ...args: [...ParamArgs<P>, query?: QueryParams, options?: ReadOptions]
  ) => Promise<NoInfer<A>>;
  /** GET `{route}{id}`. */
  show: <A = ShowAnswer<N>>(
    ...args: [...ParamArgs<P>, id: ItemId, query?: QueryParams, options?: ReadOptions]
  ) => Promise<NoInfer<A>>;
  /** POST `{route}`: JSON, or multipart when given FormData. */
  store: <A = StoreAnswer<N>, B = StoreBody<N>>(
    ...args: [...ParamArgs<P>, body: NoInfer<B> | FormData, options?: SaveOptions]
  ) => Promise<NoInfer<A>>;
  /** PUT `{route}{id}`. */
  update: <A = UpdateAnswer<N>, B = UpdateBody<N>>(
    ...args: [...ParamArgs<P>, id: ItemId, body: NoInfer<B> | FormData, options?: SaveOptions]
  ) => Promise<NoInfer<A>>;
  /** DELETE `{route}{id}`. */
  del: <A = DelAnswer<N>>(
    ...args: [...ParamArgs<P>, id: ItemId, options?: WriteOptions]
  ) => Promise<NoInfer<A>>;
};

type CallWithQuery<N extends string, X extends CatalogueExtra, Name extends string> = <
  A = NamedField<Known<N>, 'calls', Name, NotedAnswer<X>>,
>(
  ...args: [...ParamArgs<X['path']>, query?: QueryParams, options?: ReadOptions]
) => Promise<NoInfer<A>>;

type CallWithBody<N extends string, X extends CatalogueExtra, Name extends string> = <
  A = NamedField<Known<N>, 'calls', Name, NotedAnswer<X>>,
  B = NamedField<Known<N>, 'callBodies', Name, unknown>,
>(
  ...args: [...ParamArgs<X['path']>, body?: NoInfer<B> | FormData, options?: WriteOptions]
) => Promise<NoInfer<A>>;

/** One named call: GET and DELETE take query parameters, POST and PUT a body. */
export type CallMethod<N extends string, X extends CatalogueExtra, Name extends string> = X['method'] extends
  'GET' | 'DELETE'
  ? CallWithQuery<N, X, Name>
  : CallWithBody<N, X, Name>;

type ExtrasOf<E> = E extends { extra: infer X extends readonly CatalogueExtra[] } ? X[number] : never;

type CallMethods<E extends Entry> = {
  readonly [X in ExtrasOf<E> as CallName<E['path'], X>]: CallMethod<E['name'], X, CallName<E['path'], X>>;
};

type HrefMethod<P extends string> = {
  /** The URL of the route (or of one record), for links and downloads; no request is made. */
  href: (...args: [...ParamArgs<P>, id?: ItemId, query?: QueryParams]) => string;
};

type EntryMethods<E extends Entry> = Pick<GenericMethods<E['name'], E['path']>, E['operations'][number]> &
  CallMethods<E> &
  HrefMethod<E['path']>;

type NodeMethods<N extends string, E extends Entry> = [EntryNamed<N, E>] extends [never]
  ? unknown
  : EntryMethods<EntryNamed<N, E>>;

type Head<N extends string> = N extends `${infer First}.${string}` ? First : N;
type Below<Prefix extends string, N extends string> = N extends `${Prefix}.${infer Rest}` ? Rest : never;

/**
 * The node of entry (or name prefix) `N` among the entries `E`: its methods, and its children by
 * camelCased segment.
 */
export type ApiNode<N extends string, E extends Entry = Entry> = NodeMethods<N, E> & {
  readonly [K in Head<Below<N, E['name']>> as CamelCase<K>]: ApiNode<`${N}.${K}`, E>;
};

/** The typed client of the entries `E` (an area of the catalogue), by their dotted names. */
export type CatalogueApiOf<E extends Entry> = {
  readonly [K in Head<E['name']> as CamelCase<K>]: ApiNode<K, E>;
};

/** The whole typed client: every catalogue entry by its dotted name. */
export type CatalogueApi = CatalogueApiOf<Entry>;

/** The node of one entry, by its catalogue name (`CatalogueNode<'users.consents'>`). */
export type CatalogueNode<N extends Entry['name']> = ApiNode<N>;

// ---- Run time --------------------------------------------------------------------------------

/** `new-user` → `newUser`, as {@link CamelCase}. */
export function camelCase(segment: string): string {
  return segment.replace(/-([^-])/g, (_match, letter: string) => letter.toUpperCase());
}

const isPlaceholder = (segment: string) => /^\{[^}]+\}$/.test(segment);
const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/** The method name of a named call, as {@link CallName}. */
export function callName(routePath: string, call: Pick<CatalogueExtra, 'method' | 'path'>): string {
  const route = segmentsOf(routePath);
  const rest = segmentsOf(call.path);
  let shared = 0;
  while (shared < route.length && shared < rest.length) {
    const a = route[shared] ?? '';
    const b = rest[shared] ?? '';
    if (!(a === b || (isPlaceholder(a) && isPlaceholder(b)))) {
      break;
    }
    shared += 1;
  }
  const statics = rest.slice(shared).filter((segment) => !isPlaceholder(segment));
  if (statics.length === 0) {
    return call.method.toLowerCase();
  }
  return statics
    .map((segment, index) => {
      const camel = camelCase(segment);
      return index === 0 ? camel : camel.charAt(0).toUpperCase() + camel.slice(1);
    })
    .join('');
}

/** How a named call's answer is read, from the catalogue's note (a PDF, a text preview). */
export function callResponseType(call: Pick<CatalogueExtra, 'note'>): ResponseType {
  if (call.note?.includes('binary')) {
    return 'blob';
  }
  if (call.note?.includes('answers text')) {
    return 'text';
  }
  return 'auto';
}

type Params = Readonly<Record<string, PathParamValue>>;
type AnyFunction = (...args: unknown[]) => unknown;

/** Splits a call's arguments into its parameter object (when its path has placeholders) and the rest. */
function argumentsOf(path: string): (args: unknown[]) => [Params, unknown[]] {
  const takesParams = pathParams(path).length > 0;
  return (args) => (takesParams ? [(args[0] ?? {}) as Params, args.slice(1)] : [{}, args]);
}

function genericMethods(client: ApiClient, entry: CatalogueEntry): Record<CatalogueOperation, AnyFunction> {
  const split = argumentsOf(entry.path);
  const route = (params: Params) => fillPath(entry.path, params);
  const item = (params: Params, id: unknown) =>
    id === null || id === undefined ? route(params) : resourcePath(entry, params, id as string | number);
  const save = (method: 'POST' | 'PUT', path: string, body: unknown, options: SaveOptions = {}) => {
    const { onProgress, ...rest } = options;
    return onProgress && body instanceof FormData
      ? client.upload(path, body, { ...rest, method, onProgress })
      : client.request(method, path, { ...rest, body });
  };
  return {
    index: (...args) => {
      const [params, [query, options]] = split(args);
      return client.request('GET', route(params), {
        ...(options as ReadOptions),
        query: query as QueryParams,
      });
    },
    show: (...args) => {
      const [params, [id, query, options]] = split(args);
      return client.request('GET', item(params, id), {
        ...(options as ReadOptions),
        query: query as QueryParams,
      });
    },
    store: (...args) => {
      const [params, [body, options]] = split(args);
      return save('POST', route(params), body, options as SaveOptions | undefined);
    },
    update: (...args) => {
      const [params, [id, body, options]] = split(args);
      return save('PUT', item(params, id), body, options as SaveOptions | undefined);
    },
    del: (...args) => {
      const [params, [id, options]] = split(args);
      return client.request('DELETE', item(params, id), options as WriteOptions);
    },
  };
}

function hrefMethod(client: ApiClient, entry: CatalogueEntry): AnyFunction {
  const split = argumentsOf(entry.path);
  return (...args) => {
    const [params, [id, query]] = split(args);
    const path =
      id === null || id === undefined
        ? fillPath(entry.path, params)
        : resourcePath(entry, params, id as string | number);
    return client.url(path, query as QueryParams | undefined);
  };
}

function callMethod(client: ApiClient, call: CatalogueExtra): AnyFunction {
  const split = argumentsOf(call.path);
  const responseType = callResponseType(call);
  const withQuery = call.method === 'GET' || call.method === 'DELETE';
  return (...args) => {
    const [params, [payload, options]] = split(args);
    const path = fillPath(call.path, params);
    const requestOptions: RequestOptions = { responseType, ...(options as WriteOptions) };
    if (withQuery) {
      requestOptions.query = payload as QueryParams | undefined;
    } else if (payload !== undefined) {
      requestOptions.body = payload;
    }
    return client.request(call.method, path, requestOptions);
  };
}

function attach(node: Record<string, unknown>, key: string, value: unknown, where: string): void {
  if (Object.hasOwn(node, key)) {
    throw new Error(`The catalogue client has two members named "${key}" under ${where}.`);
  }
  node[key] = value;
}

/**
 * Builds the typed client over `client` from the catalogue: a node per entry, nested by name,
 * holding the entry's enabled operations, its named calls and `href`. Throws when two members
 * would share a name (a catalogue change the naming rules cannot express).
 */
export function createCatalogueApi(client: ApiClient, entries: readonly CatalogueEntry[]): CatalogueApi {
  const root: Record<string, unknown> = {};
  for (const entry of entries) {
    let node = root;
    for (const segment of entry.name.split('.')) {
      const key = camelCase(segment);
      const existing = node[key];
      if (existing === undefined) {
        const child: Record<string, unknown> = {};
        attach(node, key, child, entry.name);
        node = child;
      } else if (typeof existing === 'object' && existing !== null) {
        node = existing as Record<string, unknown>;
      } else {
        throw new Error(`The catalogue client has two members named "${key}" under ${entry.name}.`);
      }
    }
    const operations = genericMethods(client, entry);
    for (const operation of entry.operations) {
      attach(node, operation, operations[operation], entry.name);
    }
    for (const call of entry.extra ?? []) {
      attach(node, callName(entry.path, call), callMethod(client, call), entry.name);
    }
    attach(node, 'href', hrefMethod(client, entry), entry.name);
  }
  return root as CatalogueApi;
}

const byClient = new WeakMap<ApiClient, Map<readonly CatalogueEntry[], unknown>>();

/**
 * The typed client of some catalogue entries over `client`, built once per client and entries. A
 * page passes the areas it calls (`areaApiFor(apiClient, organisationSettingsRoutes)`), so that
 * it loads those routes rather than the whole catalogue.
 */
export function areaApiFor<E extends Entry>(client: ApiClient, entries: readonly E[]): CatalogueApiOf<E> {
  let built = byClient.get(client);
  if (!built) {
    built = new Map();
    byClient.set(client, built);
  }
  let api = built.get(entries);
  if (!api) {
    api = createCatalogueApi(client, entries);
    built.set(entries, api);
  }
  // The object holds exactly the entries given; its type is the same mapping over them.
  return api as CatalogueApiOf<E>;
}

/**
 * The typed client of `entries` over `client` whose top-level areas (`users`, `events`, …) are each
 * built on first use, from that area's entries only: the whole catalogue's client built at once
 * took a few milliseconds of a page's first task, on a phone most of it for areas the page never
 * calls. The object lists and answers the same members as {@link createCatalogueApi}'s; `build` is
 * that function (a test counts its calls).
 */
export function lazyAreasApi<E extends Entry>(
  client: ApiClient,
  entries: readonly E[],
  build: (client: ApiClient, entries: readonly CatalogueEntry[]) => CatalogueApi = createCatalogueApi,
): CatalogueApiOf<E> {
  let byArea: Map<string, E[]> | null = null;
  const areas = () => {
    if (!byArea) {
      byArea = new Map();
      for (const entry of entries) {
        const key = camelCase(entry.name.split('.')[0] ?? '');
        byArea.set(key, [...(byArea.get(key) ?? []), entry]);
      }
    }
    return byArea;
  };
  const built = new Map<string, unknown>();
  const area = (key: string) => {
    if (!built.has(key)) {
      built.set(key, (build(client, areas().get(key) ?? []) as Record<string, unknown>)[key]);
    }
    return built.get(key);
  };
  const isArea = (key: string | symbol): key is string => typeof key === 'string' && areas().has(key);
  return new Proxy({} as CatalogueApiOf<E>, {
    get: (_target, key) => (isArea(key) ? area(key) : undefined),
    has: (_target, key) => isArea(key),
    ownKeys: () => [...areas().keys()],
    getOwnPropertyDescriptor: (_target, key) =>
      isArea(key) ? { value: area(key), enumerable: true, configurable: true, writable: false } : undefined,
  });
}
