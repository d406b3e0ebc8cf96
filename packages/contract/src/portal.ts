import { z } from 'zod';

/** Statuses an application goes through (applicant-flow §3.1). */
export const PORTAL_APPLICATION_STATUSES = [
  'pending',
  'submitted',
  'accepted',
  'declined',
  'withdrawn',
] as const;

/** One of the user's applications as the portal lists it. */
export const portalApplicationSummarySchema = z.object({
  id: z.number().int().describe('Application id.'),
  opportunity: z
    .object({
      id: z.number().int().describe('Opportunity id.'),
      slug: z.string().describe('Opportunity slug, as in `/apply/{slug}`.'),
      name: z.string().describe('Opportunity display name.'),
    })
    .describe('The opportunity applied for.'),
  status: z.enum(PORTAL_APPLICATION_STATUSES).describe('Application status.'),
  created_at: z.string().describe('When the application was made (ISO 8601).'),
  completed_at: z.string().nullable().describe('When the form was completed (ISO 8601), null while pending.'),
});
export type PortalApplicationSummary = z.infer<typeof portalApplicationSummarySchema>;

export const portalApplicationListResponseSchema = z.object({
  data: z.array(portalApplicationSummarySchema).describe('The applications, newest first.'),
});
export type PortalApplicationListResponse = z.infer<typeof portalApplicationListResponseSchema>;

export const portalApplicationParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
  applicationId: z
    .string()
    .regex(/^\d{1,10}$/, 'An application is named by its number.')
    .describe('Application id.'),
});

/** One application as submitted, for its dashboard page. */
export const portalApplicationSchema = portalApplicationSummarySchema.extend({
  answers: z
    .array(
      z.object({
        question: z.string().describe('The question as asked.'),
        answer: z.string().nullable().describe('The answer as text; null when unanswered or a file answer.'),
        files: z.array(z.string()).describe('Names of the files given as the answer.'),
      }),
    )
    .describe('Answers to the custom questions.'),
  documents: z
    .array(
      z.object({
        type: z.string().describe('Document type name.'),
        file_name: z.string().describe('Name of the uploaded file.'),
      }),
    )
    .describe('Supporting documents uploaded.'),
  referees: z
    .array(
      z.object({
        name: z.string().describe('Referee name.'),
        answered: z.boolean().describe('Whether the referee has given the reference.'),
      }),
    )
    .describe('Referees named, in order.'),
});
export type PortalApplication = z.infer<typeof portalApplicationSchema>;

export const portalApplicationResponseSchema = z.object({
  data: portalApplicationSchema,
});
export type PortalApplicationResponse = z.infer<typeof portalApplicationResponseSchema>;

export const portalTeamParamsSchema = z.object({
  teamId: z
    .string()
    .regex(/^\d{1,10}$/, 'A team is named by its number.')
    .describe('Team id.'),
});

export const portalTeamQuerySchema = z.object({
  user_id: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .optional()
    .describe('Whose role to answer; the signed-in user when left out.'),
});

/** A team with one member's roles in it (`/portal/team/{id}`). */
export const portalTeamSchema = z.object({
  id: z.number().int().describe('Team id.'),
  name: z.string().describe('Team name.'),
  user_id: z.number().int().describe('The member whose roles are answered.'),
  roles: z.array(z.string()).describe("Names of the member's current roles in the team."),
});
export type PortalTeam = z.infer<typeof portalTeamSchema>;

export const portalTeamResponseSchema = z.object({ data: portalTeamSchema });
export type PortalTeamResponse = z.infer<typeof portalTeamResponseSchema>;
