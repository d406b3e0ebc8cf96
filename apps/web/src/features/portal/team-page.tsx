import { useQuery } from '@tanstack/react-query';
import { SignedIn } from '../../lib/session';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api/errors';
import { useHashState } from '../../lib/hash-state';
import { fetchTeam } from './portal-api';

const TEAM_HASH = {
  tab: { default: '0', allowed: ['0', '1'] },
  user_id: { default: null, allowed: /[1-9]\d{0,9}/ },
};

function Missing({ status }: { status: 403 | 404 }) {
  return (
    <section className="page">
      <h1>{status === 404 ? 'Team not found' : 'Not allowed'}</h1>
      <p>{status === 404 ? 'This team does not exist.' : 'You do not have permission to see this team.'}</p>
      <p>
        <Link to="/portal">Back to your portal</Link>
      </p>
    </section>
  );
}

function TeamDetails({ teamId, signedInId }: { teamId: number; signedInId: number }) {
  const [hash] = useHashState(TEAM_HASH);
  const userId = hash.user_id === null ? null : Number(hash.user_id);
  const query = useQuery({
    queryKey: ['portal', 'team', teamId, userId],
    queryFn: () => fetchTeam(teamId, userId),
  });
  if (query.isPending) {
    return (
      <section className="page" aria-busy="true">
        <h1>Team</h1>
        <p>Loading the team…</p>
      </section>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 404)) {
      return <Missing status={404} />;
    }
    if (isApiError(query.error, 403)) {
      return <Missing status={403} />;
    }
    return (
      <section className="page">
        <h1>Team</h1>
        <p role="alert">We could not load this team. Please reload the page to try again.</p>
      </section>
    );
  }
  const team = query.data;
  const own = team.user_id === signedInId;
  const tabHref = (tab: string) => `#tab=${tab}${hash.user_id === null ? '' : `&user_id=${hash.user_id}`}`;
  return (
    <section className="page team-page">
      <h1>{team.name}</h1>
      <nav aria-label="Team sections">
        <ul>
          <li>
            <a href={tabHref('0')} aria-current={hash.tab === '0' ? 'page' : undefined}>
              About the team
            </a>
          </li>
          <li>
            <a href={tabHref('1')} aria-current={hash.tab === '1' ? 'page' : undefined}>
              {own ? 'Your role' : 'Role'}
            </a>
          </li>
        </ul>
      </nav>
      {hash.tab === '1' ? (
        <section aria-labelledby="team-role">
          <h2 id="team-role">{own ? 'Your role' : 'Role'}</h2>
          {team.roles.length === 0 ? (
            <p>{own ? 'You have no current role in this team.' : 'No current role in this team.'}</p>
          ) : (
            <ul>
              {team.roles.map((role) => (
                <li key={role}>{role}</li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <section aria-labelledby="team-about">
          <h2 id="team-about">About the team</h2>
          <p>
            {team.name}
            {team.roles.length > 0
              ? `: ${own ? 'you are' : 'this volunteer is'} ${team.roles.join(', ')}.`
              : '.'}
          </p>
        </section>
      )}
      <p>
        <Link to="/portal">Back to your portal</Link>
      </p>
    </section>
  );
}

/**
 * `/portal/team/{id}`: the team's name and a volunteer's role in it. Page state lives in the hash
 * (platform-foundation §2): `tab` (0 about, 1 role) and `user_id` (whose role; the signed-in user
 * when left out), as the team link widget writes them.
 */
export function TeamPage() {
  const { teamId } = useParams();
  return (
    <SignedIn>
      {(signedInId) =>
        teamId !== undefined && /^[1-9]\d{0,9}$/.test(teamId) ? (
          <TeamDetails teamId={Number(teamId)} signedInId={signedInId} />
        ) : (
          <Missing status={404} />
        )
      }
    </SignedIn>
  );
}
