import { Link } from 'react-router';

/** Landing page: what Muster is, and where to go. */
export function HomePage() {
  return (
    <section className="page">
      <h1>Muster</h1>
      <p>Volunteer with us: find an opportunity and apply online, then manage your volunteering in the portal.</p>
      <ul>
        <li>
          <Link to="/portal">Go to your portal</Link>
        </li>
        <li>
          <Link to="/login">Sign in</Link>
        </li>
      </ul>
    </section>
  );
}
