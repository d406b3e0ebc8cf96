import type { GeocodedAddress, GeocodeSuggestionType } from '@muster/contract';

/** A suggestion as a provider makes it; the service turns `id` into the suggestion's `retrieve_url`. */
export type ProviderSuggestion = {
  /** Opaque, starting with the provider's name and a colon (`builtin:…`, `loqate:…`). */
  id: string;
  name: string;
  type: GeocodeSuggestionType;
};

/** What a retrieve finds: the full address, or a container's contents. */
export type ProviderRetrieval =
  { kind: 'address'; address: GeocodedAddress } | { kind: 'container'; suggestions: ProviderSuggestion[] };

/**
 * An address finder behind the geocode routes: the built-in gazetteer or an external service.
 * Each provider owns the ids that start with its name.
 */
export type AddressProvider = {
  /** Prefix of the ids it makes and answers, e.g. `builtin`. */
  readonly name: string;
  /** Suggestions for what the applicant typed, best first (at most GEOCODE_SUGGESTIONS_MAX). */
  search(text: string): Promise<ProviderSuggestion[]>;
  /** The address or container behind one of its ids; null when the id is unknown. */
  retrieve(id: string): Promise<ProviderRetrieval | null>;
};

/**
 * An external finder failed: `unavailable` (timed out or unreachable: worth trying again later)
 * or `failed` (it answered with an error or with something that is not its documented shape).
 * `detail` is for the server log only, never for the applicant.
 */
export class AddressProviderError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'failed',
    readonly detail: string,
  ) {
    super(`address provider ${reason}: ${detail}`);
    this.name = 'AddressProviderError';
  }
}

/**
 * Joins id parts with colons, each part percent-encoded so that it may hold colons itself
 * (Loqate ids hold `|`; street keys hold spaces).
 */
export function joinId(parts: readonly string[]): string {
  return parts.map((part) => encodeURIComponent(part)).join(':');
}

/** The parts of an id made by `joinId`, or null when it is not one (bad percent-encoding). */
export function splitId(id: string): string[] | null {
  try {
    return id.split(':').map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}
