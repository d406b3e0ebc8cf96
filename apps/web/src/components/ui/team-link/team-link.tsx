import { Link } from 'react-router';
import { usePermissions } from '../../../lib/session/session-context';

export const TEAM_LINK_PERMISSION = 'view-related-hierarchy-touchpoints';

/** `/portal/team/{id}#tab=1`, with `&user_id={id}` when a user is given (platform-foundation §2). */
export function teamHref(teamId: number | string, userId?: number | string | null): string {
  const hash = new URLSearchParams({ tab: '1' });
  if (userId !== undefined && userId !== null) {
    hash.set('user_id', String(userId));
  }
  return `/portal/team/${encodeURIComponent(String(teamId))}#${hash.toString()}`;
}

/**
 * A team's name, as a link to the team page only for a user holding
 * `view-related-hierarchy-touchpoints`; plain text for everyone else.
 */
export function TeamLink({
  team,
  user,
  className,
}: {
  team: { id: number | string; name: string };
  user?: { id: number | string } | null;
  className?: string;
}) {
  const { can } = usePermissions();
  if (!can(TEAM_LINK_PERMISSION)) {
    return <span className={className}>{team.name}</span>;
  }
  return (
    <Link className={className} to={teamHref(team.id, user?.id)}>
      {team.name}
    </Link>
  );
}
