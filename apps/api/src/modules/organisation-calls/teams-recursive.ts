import type { Database } from '../../db/client.js';
import { organisationTeams, type TeamNodeRow } from './repository.js';
import { hiddenTeamIds, teamOf } from './team-hide.js';
import { type TeamNode } from '@muster/contract';

/*
 * GET /organisation/teams/recursive/ and /organisation/teams/recursive/{id} (platform-foundation
 * §7 "Teams"): the organisation's teams as a tree, or the subtree under one team, each team with
 * its `children`. A hidden team (team-hide.ts) and everything under it are left out unless
 * `include_hidden` is set; a team asked for by id is answered even when hidden.
 */

/** True for the query-string spellings of yes. */
export function isYes(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

/** Builds nodes from the rows; each row is placed once, so a broken parent chain cannot loop. */
function treeBuilder(rows: readonly TeamNodeRow[], hidden: ReadonlySet<number>, includeHidden: boolean) {
  const childrenOf = new Map<number, TeamNodeRow[]>();
  for (const row of rows) {
    if (row.parentId !== null) {
      childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
    }
  }
  const placed = new Set<number>();
  const build = (row: TeamNodeRow): TeamNode => {
    placed.add(row.id);
    const children = (childrenOf.get(row.id) ?? []).filter(
      (child) => !placed.has(child.id) && (includeHidden || !hidden.has(child.id)),
    );
    return {
      id: row.id,
      name: row.name,
      parent_id: row.parentId,
      hidden: hidden.has(row.id),
      children: children.map(build),
    };
  };
  return { build, placed };
}

/** The whole tree: top-level teams (no parent, or a parent that is not one of the organisation's teams). */
export async function teamsTree(
  db: Database,
  organisationId: number,
  includeHidden: boolean,
): Promise<TeamNode[]> {
  const rows = await organisationTeams(db, organisationId);
  const hidden = await hiddenTeamIds(db, organisationId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ids = new Set(byId.keys());
  const { build, placed } = treeBuilder(rows, hidden, includeHidden);
  const visible = (row: TeamNodeRow) => includeHidden || !hidden.has(row.id);
  const roots = rows
    .filter((row) => (row.parentId === null || !ids.has(row.parentId)) && visible(row))
    .map(build);
  // Teams in a parent cycle reach no top-level team; each such group is shown from its first team.
  const isUnder = (row: TeamNodeRow): boolean => {
    const seen = new Set<number>();
    let current: TeamNodeRow | undefined = row;
    while (current && !seen.has(current.id)) {
      if (current.parentId === null || !ids.has(current.parentId)) {
        return true;
      }
      seen.add(current.id);
      current = byId.get(current.parentId);
    }
    return false;
  };
  for (const row of rows) {
    if (!placed.has(row.id) && visible(row) && !isUnder(row)) {
      roots.push(build(row));
    }
  }
  return roots;
}

/** The subtree under the organisation's team `rawId`; 404 for a team that is not the organisation's. */
export async function teamSubtree(
  db: Database,
  organisationId: number,
  rawId: string,
  includeHidden: boolean,
): Promise<TeamNode> {
  const team = await teamOf(db, organisationId, rawId);
  const rows = await organisationTeams(db, organisationId);
  const hidden = await hiddenTeamIds(db, organisationId);
  return treeBuilder(rows, hidden, includeHidden).build(team);
}
