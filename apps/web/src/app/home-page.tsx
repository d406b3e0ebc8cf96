import { Link } from 'react-router';
import { OpportunityFinder } from '../features/opportunity-finder/opportunity-finder';

/** Landing page: what Muster is, where to go, and the organisation's opportunities to apply for. */
export function HomePage() {
  return (
    <section className="page home-page">
      <h1>Muster</h1>
      <p>
        Volunteer with us: find an opportunity below and apply online, then manage your volunteering in the
        portal.
      </p>
      <ul>
        <li>
          <Link to="/portal">Go to your portal</Link>
        </li>
        <li>
          <Link to="/login">Sign in</Link>
        </li>
      </ul>
      <OpportunityFinder />
    </section>
  );
}
