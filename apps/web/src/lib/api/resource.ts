import type { ApiClient, QueryParams, RequestOptions } from './client';

/** A list answer: `{data: [...]}` plus whatever paging fields the resource adds. */
export type ListAnswer<T> = { data: T[] } & Record<string, unknown>;
/** A single-item answer: `{data: {...}}`. */
export type ItemAnswer<T> = { data: T };

export type ResourceOperation = 'index' | 'show' | 'store' | 'update' | 'del';
export type ResourceId = string | number;
type CallOptions = Omit<RequestOptions, 'body' | 'query'>;

/** The generic operations of platform-foundation §7 over one route. */
export type Resource<TItem, TCreate = Partial<TItem>, TUpdate = Partial<TItem>> = {
  /** GET `{route}?query`. */
  index(query?: QueryParams, options?: CallOptions): Promise<ListAnswer<TItem>>;
  /** GET `{route}{id}`. */
  show(id: ResourceId, query?: QueryParams, options?: CallOptions): Promise<ItemAnswer<TItem>>;
  /** POST `{route}`; multipart when given FormData, JSON otherwise. */
  store(body: TCreate | FormData, options?: CallOptions): Promise<ItemAnswer<TItem>>;
  /** PUT `{route}{id}`. */
  update(id: ResourceId, body: TUpdate, options?: CallOptions): Promise<ItemAnswer<TItem>>;
  /** DELETE `{route}{id}`. */
  del(id: ResourceId, options?: CallOptions): Promise<unknown>;
};

/**
 * The generic resource operations over `route` (e.g. `users/` or `/users/3/consents/`; ends with a
 * slash so that `{route}{id}` reads `users/3`). Operations listed in `disabled` do not exist on
 * the returned object, neither in its type nor at run time.
 */
export function createResource<
  TItem,
  TCreate = Partial<TItem>,
  TUpdate = Partial<TItem>,
  TDisabled extends ResourceOperation = never,
>(
  client: ApiClient,
  route: string,
  options: { disabled?: readonly TDisabled[] } = {},
): Omit<Resource<TItem, TCreate, TUpdate>, TDisabled> {
  const base = route.endsWith('/') ? route : `${route}/`;
  const item = (id: ResourceId) => `${base}${encodeURIComponent(String(id))}`;
  const all: Resource<TItem, TCreate, TUpdate> = {
    index: (query, callOptions) => client.request('GET', base, { ...callOptions, query }),
    show: (id, query, callOptions) => client.request('GET', item(id), { ...callOptions, query }),
    store: (body, callOptions) => client.request('POST', base, { ...callOptions, body }),
    update: (id, body, callOptions) => client.request('PUT', item(id), { ...callOptions, body }),
    del: (id, callOptions) => client.request('DELETE', item(id), callOptions),
  };
  const disabled = new Set<ResourceOperation>(options.disabled ?? []);
  return Object.fromEntries(Object.entries(all).filter(([name]) => !disabled.has(name as ResourceOperation))) as Omit<
    Resource<TItem, TCreate, TUpdate>,
    TDisabled
  >;
}
