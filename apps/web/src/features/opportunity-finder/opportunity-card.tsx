import { Link } from 'react-router';
import type { OpportunityListItem } from '@muster/contract';
import { datesLabel, placeLabel, typeLabel } from './opportunity-labels';

/** One opportunity of the finder's list: its name links to its application form. */
export function OpportunityCard({ opportunity }: { opportunity: OpportunityListItem }) {
  const place = placeLabel(opportunity);
  return (
    <li className="opportunity-card">
      <h3 className="opportunity-card__name">
        <Link to={`/apply/${encodeURIComponent(opportunity.slug)}`}>{opportunity.display_name}</Link>
      </h3>
      <dl className="opportunity-card__facts">
        <div>
          <dt>Type</dt>
          <dd>{typeLabel(opportunity.type)}</dd>
        </div>
        <div>
          <dt>Team</dt>
          <dd>{opportunity.team.name}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>{datesLabel(opportunity)}</dd>
        </div>
        {place ? (
          <div>
            <dt>Where</dt>
            <dd>{place}</dd>
          </div>
        ) : null}
      </dl>
      {opportunity.summary ? <p className="opportunity-card__summary">{opportunity.summary}</p> : null}
    </li>
  );
}
