import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    version: z.string(),
    maintenance: z.boolean(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
