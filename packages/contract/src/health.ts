import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']).describe('`ok` when the service can serve requests.'),
  database: z.boolean().describe('Whether the database answered.'),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
