import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { OPPORTUNITY_SEARCH_MAX_LENGTH, type OpportunityCountry } from '@muster/contract';
import { fetchResidentialCounties, fetchResidentialCountries } from './finder-api';
import type { FinderQuery } from './finder-query';
import '../../components/ui/primary-button/primary-button.css';

/** Countries and counties change when opportunities are published: rarely within a visit. */
const PLACES_STALE_MS = 5 * 60_000;

/** The options of a place select, with the chosen value kept even when the list lacks it (an old link). */
function withChosen<T extends { value: string; label: string }>(
  options: T[],
  chosen: string,
): Array<{ value: string; label: string }> {
  if (chosen === '' || options.some((option) => option.value === chosen)) {
    return options;
  }
  return [...options, { value: chosen, label: chosen }];
}

function countryOptions(countries: OpportunityCountry[] | undefined, chosen: string) {
  return withChosen(
    (countries ?? []).map((country) => ({ value: country.region, label: country.name })),
    chosen,
  );
}

/**
 * The finder's search form: a plain GET form (it works as one without JavaScript) whose submit
 * puts the search, country and county into the address. The county list follows the country
 * chosen in the form; choosing another country clears the county.
 */
export function FinderForm({
  query,
  onSearch,
}: {
  query: FinderQuery;
  onSearch: (next: FinderQuery) => void;
}) {
  const id = useId();
  const [country, setCountry] = useState(query.country);
  const [county, setCounty] = useState(query.county);
  const countries = useQuery({
    queryKey: ['opportunity-finder', 'countries'],
    queryFn: ({ signal }) => fetchResidentialCountries(signal),
    staleTime: PLACES_STALE_MS,
  });
  const counties = useQuery({
    queryKey: ['opportunity-finder', 'counties', country],
    queryFn: ({ signal }) => fetchResidentialCounties(country, signal),
    enabled: country !== '',
    staleTime: PLACES_STALE_MS,
  });
  // Without residential opportunities there is nothing to filter by place. Shown while the
  // countries load, so that the results below do not move down when they come (a layout shift).
  const showPlaces = country !== '' || countries.isPending || (countries.data?.length ?? 0) > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = new FormData(event.currentTarget).get('search');
    onSearch({
      search: typeof search === 'string' ? search.trim() : '',
      country,
      county: country ? county : '',
      page: 1,
    });
  };

  return (
    <form
      className="finder-form"
      role="search"
      aria-label="Find an opportunity"
      method="get"
      action="/"
      onSubmit={submit}
    >
      <div className="finder-form__field finder-form__field--search">
        <label htmlFor={`${id}-search`}>Search opportunities</label>
        <input
          id={`${id}-search`}
          name="search"
          type="search"
          defaultValue={query.search}
          maxLength={OPPORTUNITY_SEARCH_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {showPlaces ? (
        <fieldset className="finder-form__places">
          <legend>Residential stays</legend>
          <div className="finder-form__field">
            <label htmlFor={`${id}-country`}>Country</label>
            <select
              id={`${id}-country`}
              name="country"
              // A filter, not the visitor's own country: "country" alone would read as an autofill hint.
              autoComplete="off"
              value={country}
              onChange={(event) => {
                setCountry(event.target.value);
                setCounty('');
              }}
            >
              <option value="">Any country</option>
              {countryOptions(countries.data, country).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="finder-form__field">
            <label htmlFor={`${id}-county`}>County</label>
            <select
              id={`${id}-county`}
              name="county"
              value={country ? county : ''}
              disabled={country === ''}
              aria-describedby={country === '' ? `${id}-county-hint` : undefined}
              onChange={(event) => setCounty(event.target.value)}
            >
              <option value="">Any county</option>
              {country
                ? withChosen(
                    (counties.data ?? []).map((name) => ({ value: name, label: name })),
                    county,
                  ).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))
                : null}
            </select>
            {country === '' ? (
              <p className="finder-form__hint" id={`${id}-county-hint`}>
                Choose a country first.
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      <button className="finder-form__submit primary-button" type="submit">
        Search
      </button>
    </form>
  );
}
