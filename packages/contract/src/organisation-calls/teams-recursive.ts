import { z } from 'zod';

/** A team in the tree. */
export type TeamNode = {
  id: number;
  name: string;
  parent_id: number | null;
  hidden: boolean;
  children: TeamNode[];
};

export const teamNodeSchema: z.ZodType<TeamNode> = z.lazy(() =>
  z
    .object({
      id: z.number().int().describe('The team.'),
      name: z.string().describe('Team name.'),
      parent_id: z.number().int().nullable().describe('The team it sits under; null at the top.'),
      hidden: z.boolean().describe('The team itself is hidden.'),
      children: z.array(teamNodeSchema).describe('The teams directly under it, by name.'),
    })
    .describe('A team and the teams under it.'),
);

export const teamsRecursiveQuerySchema = z.object({
  include_hidden: z
    .enum(['0', '1', 'true', 'false'], { error: 'include_hidden is 1 or 0.' })
    .optional()
    .describe('1: include hidden teams and the teams under them; 0 (default): leave them out.'),
});

export const teamsTreeResponseSchema = z.object({
  data: z.array(teamNodeSchema).describe('The top-level teams, by name, each with the teams under it.'),
});

export const teamSubtreeResponseSchema = z.object({
  data: teamNodeSchema.describe('The team and the teams under it.'),
});
