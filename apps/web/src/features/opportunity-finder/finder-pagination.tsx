import { Link } from 'react-router';
import { finderHref, type FinderQuery } from './finder-query';

/** Previous and Next links around "Page x of y"; the page lives in the address, so back and forward work. */
export function FinderPagination({ query, pages }: { query: FinderQuery; pages: number }) {
  if (pages <= 1) {
    return null;
  }
  return (
    <nav className="finder-pagination" aria-label="Pages of opportunities">
      {query.page > 1 ? (
        <Link
          className="finder-pagination__link"
          to={finderHref({ ...query, page: query.page - 1 })}
          rel="prev"
        >
          Previous
        </Link>
      ) : null}
      <p className="finder-pagination__position">
        Page {query.page} of {pages}
      </p>
      {query.page < pages ? (
        <Link
          className="finder-pagination__link"
          to={finderHref({ ...query, page: query.page + 1 })}
          rel="next"
        >
          Next
        </Link>
      ) : null}
    </nav>
  );
}
