import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    version: z.string(),
    maintenance: z.boolean(),
    /** Maintenance is on by the administrators' setting: staff may still log in. */
    maintenance_staff_only: z.boolean(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
