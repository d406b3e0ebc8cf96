import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OpportunityListResponse } from '@muster/contract';
import { fetchOpportunities } from './finder-api';
import { FinderForm } from './finder-form';
import { FinderPagination } from './finder-pagination';
import { finderHref, finderSearchParams, readFinderQuery, type FinderQuery } from './finder-query';
import { OpportunityCard } from './opportunity-card';
import './opportunity-finder.css';

function countText(total: number): string {
  return total === 1 ? '1 opportunity' : `${total} opportunities`;
}

function Results({ query, answer }: { query: FinderQuery; answer: OpportunityListResponse }) {
  const { data, meta } = answer;
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  const filtered = query.search !== '' || query.country !== '';
  if (meta.total === 0) {
    return (
      <>
        <p className="finder-results__status" role="status">
          No opportunities match your search
        </p>
        {filtered ? (
          <p>
            Try other words or another place, or <Link to="/">see every opportunity</Link>.
          </p>
        ) : null}
      </>
    );
  }
  if (data.length === 0) {
    return (
      <>
        <p className="finder-results__status" role="status">
          There is no page {query.page}: {countText(meta.total)} fill{' '}
          {pages === 1 ? 'one page' : `${pages} pages`}.
        </p>
        <p>
          <Link to={finderHref({ ...query, page: pages })}>Go to the last page</Link>
        </p>
      </>
    );
  }
  const first = (meta.current_page - 1) * meta.per_page + 1;
  const last = first + data.length - 1;
  return (
    <>
      <p className="finder-results__status" role="status">
        {pages === 1 ? countText(meta.total) : `Showing ${first} to ${last} of ${countText(meta.total)}`}
      </p>
      <ul className="opportunity-list">
        {data.map((opportunity) => (
          <OpportunityCard key={opportunity.id} opportunity={opportunity} />
        ))}
      </ul>
      <FinderPagination query={query} pages={pages} />
    </>
  );
}

/**
 * The home page's opportunity finder: a search form, the published opportunities matching it as
 * cards that link to their application forms, and pages. Everything it shows is in the address
 * (`/?search&country&county&page`), so a result page can be shared, reloaded, or reached again
 * with back and forward.
 */
export function OpportunityFinder() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  const query = useMemo(() => readFinderQuery(new URLSearchParams(address)), [address]);
  const results = useQuery({
    queryKey: ['opportunity-finder', 'list', query],
    queryFn: ({ signal }) => fetchOpportunities(query, signal),
    // The previous page stays in view while the next one loads, instead of a flash of nothing.
    placeholderData: keepPreviousData,
  });

  // After a search or a change of page (not on arrival), focus the results: a screen reader reads
  // them next, and a phone scrolls up to them from the pagination links at the bottom.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(address);
  useEffect(() => {
    if (shown.current !== address) {
      shown.current = address;
      heading.current?.focus();
    }
  }, [address]);

  return (
    <div className="opportunity-finder">
      {/* Keyed by the address so that back and forward reset the form to the state they show. */}
      <FinderForm key={address} query={query} onSearch={(next) => setParams(finderSearchParams(next))} />
      <section className="finder-results" aria-labelledby={headingId} aria-busy={results.isFetching}>
        <h2 className="finder-results__heading" id={headingId} ref={heading} tabIndex={-1}>
          Opportunities
        </h2>
        {results.isPending ? (
          <p className="finder-results__status">Loading opportunities…</p>
        ) : results.isError ? (
          <p className="finder-results__status" role="alert">
            We could not load the opportunities. Please try again.
          </p>
        ) : (
          <Results query={query} answer={results.data} />
        )}
      </section>
    </div>
  );
}
