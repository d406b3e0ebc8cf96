import { z } from 'zod';
import { GEOCODE_SUGGESTIONS_MAX, type GeocodeSuggestionType } from '@muster/contract';
import {
  AddressProviderError,
  joinId,
  splitId,
  type AddressProvider,
  type ProviderRetrieval,
  type ProviderSuggestion,
} from './provider.js';

/** Where and how to reach a Loqate-compatible service (`LOQATE_KEY`, `LOQATE_URL`). */
export type LoqateOptions = {
  key: string;
  /** Base URL without a trailing slash, e.g. `https://api.addressy.com`. */
  url: string;
  /** A call not answered within this many milliseconds is abandoned (503 to the applicant). */
  timeoutMs: number;
};

const NAME = 'loqate';
const FIND_PATH = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE_PATH = '/Capture/Interactive/Retrieve/v1.20/json3.ws';
/** Searches are limited to the United Kingdom, the product's default country (applicant-flow §9). */
const COUNTRIES = 'GB';
/** Loqate's error number for an Id it does not know (Retrieve): our 404. */
const ID_INVALID = '1001';
/** Longest search text kept in a container id (Find wants Text beside Container; ids stay short). */
const CONTAINER_TEXT_MAX = 40;

/** An error answer: one item with `Error`, `Description`, `Cause`, `Resolution`. */
const errorItemSchema = z.object({
  Error: z.union([z.string(), z.number()]).transform(String),
  Description: z.string().nullish(),
  Cause: z.string().nullish(),
  Resolution: z.string().nullish(),
});

/** A Find item: an address (`Type` Address) or a container to search again with `Container=Id`. */
const findItemSchema = z.object({
  Id: z.string().min(1),
  Type: z.string(),
  Text: z.string().nullish(),
  Highlight: z.string().nullish(),
  Description: z.string().nullish(),
});

const optionalText = z.string().nullish();
/** A Retrieve item (the fields we use of the many it has). */
const retrieveItemSchema = z.object({
  Id: optionalText,
  Language: optionalText,
  Company: optionalText,
  Line1: optionalText,
  Line2: optionalText,
  Line3: optionalText,
  Line4: optionalText,
  Line5: optionalText,
  City: optionalText,
  Province: optionalText,
  ProvinceName: optionalText,
  PostalCode: optionalText,
  CountryName: optionalText,
});

const answerSchema = z.object({ Items: z.array(z.unknown()) });

const suggestionTypes: Record<string, GeocodeSuggestionType> = {
  Address: 'address',
  Postcode: 'postcode',
  Street: 'street',
};

function text(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/**
 * A Loqate-compatible finder (Capture Interactive Find v1.10 and Retrieve v1.20, JSON): Find
 * items of Type Address are addresses; any other Type is a container, opened with another Find
 * with `Container=<Id>`. Errors: an answer whose item carries `Error` (e.g. 2 Unknown key) or
 * anything that is not the documented shape is `failed`; a timeout, a refused connection or a
 * 5xx is `unavailable`. Retrieve's 1001 Id Invalid is an unknown id (null).
 */
export function createLoqateProvider(options: LoqateOptions): AddressProvider {
  async function call(path: string, params: Record<string, string>): Promise<unknown[]> {
    const url = new URL(`${options.url}${path}`);
    url.search = new URLSearchParams({ Key: options.key, ...params }).toString();
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        throw new AddressProviderError(
          response.status >= 500 ? 'unavailable' : 'failed',
          `${path} answered HTTP ${response.status}`,
        );
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof AddressProviderError) {
        throw error;
      }
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new AddressProviderError(
          'unavailable',
          `${path} did not answer within ${options.timeoutMs} ms`,
        );
      }
      if (error instanceof SyntaxError) {
        throw new AddressProviderError('failed', `${path} answered something that is not JSON`);
      }
      const cause =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
      throw new AddressProviderError('unavailable', `${path} could not be reached: ${cause}`);
    }
    const answer = answerSchema.safeParse(body);
    if (!answer.success) {
      throw new AddressProviderError('failed', `${path} answered without an Items list`);
    }
    return answer.data.Items;
  }

  /** The error item of an answer, if it is one. */
  function errorOf(items: unknown[]): z.infer<typeof errorItemSchema> | null {
    const first = items[0];
    if (typeof first !== 'object' || first === null || !('Error' in first)) {
      return null;
    }
    const parsed = errorItemSchema.safeParse(first);
    return parsed.success
      ? parsed.data
      : { Error: 'unknown', Description: null, Cause: null, Resolution: null };
  }

  function failure(path: string, error: z.infer<typeof errorItemSchema>): AddressProviderError {
    const parts = [error.Description, error.Cause, error.Resolution].filter(Boolean).join(' ');
    return new AddressProviderError('failed', `${path} error ${error.Error}: ${parts}`);
  }

  async function find(searchText: string, container?: string): Promise<ProviderSuggestion[]> {
    const items = await call(FIND_PATH, {
      Text: searchText,
      IsMiddleware: 'true',
      Countries: COUNTRIES,
      Limit: String(GEOCODE_SUGGESTIONS_MAX),
      Language: 'en',
      ...(container ? { Container: container } : {}),
    });
    const error = errorOf(items);
    if (error) {
      throw failure(FIND_PATH, error);
    }
    const keptText = searchText.slice(0, CONTAINER_TEXT_MAX);
    return items.slice(0, GEOCODE_SUGGESTIONS_MAX).map((raw) => {
      const parsed = findItemSchema.safeParse(raw);
      if (!parsed.success) {
        throw new AddressProviderError('failed', `${FIND_PATH} answered an item without Id or Type`);
      }
      const item = parsed.data;
      const type = suggestionTypes[item.Type] ?? 'group';
      return {
        id:
          type === 'address'
            ? joinId([NAME, 'address', item.Id])
            : joinId([NAME, 'container', item.Id, keptText]),
        name: [text(item.Text), text(item.Description)].filter(Boolean).join(', '),
        type,
      };
    });
  }

  async function retrieveAddress(loqateId: string): Promise<ProviderRetrieval | null> {
    const items = await call(RETRIEVE_PATH, { Id: loqateId });
    const error = errorOf(items);
    if (error) {
      if (error.Error === ID_INVALID) {
        return null;
      }
      throw failure(RETRIEVE_PATH, error);
    }
    const parsed = z.array(retrieveItemSchema).safeParse(items);
    if (!parsed.success) {
      throw new AddressProviderError('failed', `${RETRIEVE_PATH} answered items that are not addresses`);
    }
    // One item per language the address is written in; English first.
    const item =
      parsed.data.find((candidate) => text(candidate.Language).toUpperCase() === 'ENG') ?? parsed.data[0];
    if (!item) {
      return null;
    }
    const lines = [item.Line1, item.Line2, item.Line3, item.Line4, item.Line5].map(text).filter(Boolean);
    return {
      kind: 'address',
      address: {
        company_name: text(item.Company) || null,
        street: lines[0] ?? '',
        street_second: lines[1] ?? null,
        street_third: lines.slice(2).join(', ') || null,
        city: text(item.City),
        county: text(item.ProvinceName) || text(item.Province) || null,
        postcode: text(item.PostalCode),
        country: text(item.CountryName) || 'United Kingdom',
      },
    };
  }

  return {
    name: NAME,

    search: (searchText) => find(searchText),

    async retrieve(id) {
      const parts = splitId(id);
      if (!parts || parts[0] !== NAME) {
        return null;
      }
      const [, kind, loqateId, searchText] = parts;
      if (!loqateId) {
        return null;
      }
      if (kind === 'address' && parts.length === 3) {
        return retrieveAddress(loqateId);
      }
      if (kind === 'container' && parts.length === 4) {
        return { kind: 'container', suggestions: await find(searchText ?? '', loqateId) };
      }
      return null;
    },
  };
}
