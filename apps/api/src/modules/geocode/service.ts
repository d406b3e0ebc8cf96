import type { GeocodeRetrieveResponse, GeocodeSuggestion } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { createBuiltInProvider } from './providers/built-in.js';
import { createLoqateProvider, type LoqateOptions } from './providers/loqate.js';
import {
  AddressProviderError,
  type AddressProvider,
  type ProviderRetrieval,
  type ProviderSuggestion,
} from './providers/provider.js';

/** Where retrieve URLs point (applicant-flow §3.7: a suggestion's `retrieve_url`). */
export const GEOCODE_RETRIEVE_PATH = '/api/geocode/retrieve/';

/** The part of a logger the service uses (pino's signature). */
export type WarningLog = { warn(details: object, message: string): void };

export type GeocodeService = {
  /** Suggestions for `text`: from Loqate when asked (`usePca`) and configured, else built in. */
  search(text: string, usePca: boolean): Promise<GeocodeSuggestion[]>;
  /**
   * True when `search(text, usePca)` answers from the built-in finder: suggestions built from the
   * `addresses` table alone, the same for every organisation and caller.
   */
  searchesBuiltIn(usePca: boolean): boolean;
  /** The address or the container behind a suggestion's id; 404 when unknown. */
  retrieve(id: string): Promise<GeocodeRetrieveResponse['data']['data']>;
};

function toSuggestion(suggestion: ProviderSuggestion): GeocodeSuggestion {
  return {
    name: suggestion.name,
    type: suggestion.type,
    retrieve_url: `${GEOCODE_RETRIEVE_PATH}${encodeURIComponent(suggestion.id)}`,
  };
}

function toAnswer(found: ProviderRetrieval): GeocodeRetrieveResponse['data']['data'] {
  return found.kind === 'address'
    ? found
    : { kind: 'container', suggestions: found.suggestions.map(toSuggestion) };
}

/**
 * The address finder (applicant-flow §2.4): the built-in gazetteer, and Loqate when `loqate` is
 * given (`LOQATE_KEY`) and a search asks for it. A retrieve goes to the provider whose name
 * starts the id, so suggestions from either keep working whatever the next search used.
 *
 * An external finder that fails never becomes a 500: timed out or unreachable answers 503 (try
 * again later), an error or malformed answer 502; both say to type the address in instead.
 */
export function createGeocodeService(options: {
  db: Executor;
  loqate: LoqateOptions | null;
  log: WarningLog;
}): GeocodeService {
  const builtIn = createBuiltInProvider(options.db);
  const loqate = options.loqate ? createLoqateProvider(options.loqate) : null;
  const providers: AddressProvider[] = loqate ? [builtIn, loqate] : [builtIn];

  async function guarded<T>(provider: AddressProvider, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AddressProviderError)) {
        throw error;
      }
      options.log.warn(
        { provider: provider.name, reason: error.reason, detail: error.detail },
        'address finder failed',
      );
      throw error.reason === 'unavailable'
        ? new HttpError(
            503,
            'The address finder is not answering at the moment. Please try again, or enter the address by hand.',
          )
        : new HttpError(
            502,
            'The address finder could not answer. Please try again, or enter the address by hand.',
          );
    }
  }

  /** The provider a search asks: Loqate when asked for and configured, else the built-in finder. */
  const searchProvider = (usePca: boolean) => (usePca && loqate ? loqate : builtIn);

  return {
    searchesBuiltIn(usePca) {
      return searchProvider(usePca) === builtIn;
    },

    async search(text, usePca) {
      const provider = searchProvider(usePca);
      const found = await guarded(provider, () => provider.search(text));
      return found.map(toSuggestion);
    },

    async retrieve(id) {
      const provider = providers.find((candidate) => id.startsWith(`${candidate.name}:`));
      const found = provider ? await guarded(provider, () => provider.retrieve(id)) : null;
      if (!found) {
        throw new HttpError(404, 'This address could not be found. Please search again.');
      }
      return toAnswer(found);
    },
  };
}
