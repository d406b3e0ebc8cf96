import { Link } from 'react-router';

/** Any address the app does not know. */
export function NotFoundPage() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>
        If you typed the web address, check it is correct. <Link to="/">Go to the home page</Link>.
      </p>
    </section>
  );
}
