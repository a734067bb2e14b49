import { z } from 'zod/mini';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    version: z.string(),
    /**
     * The commit the release tarball was built from (its COMMIT file); null in a checkout. Absent
     * from an instance of an earlier release, which a page may ask during a rolling upgrade.
     */
    commit: z.optional(z.nullable(z.string())),
    maintenance: z.boolean(),
    /** Maintenance is on by the administrators' setting: staff may still log in. */
    maintenance_staff_only: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

/** What a load balancer reads: the process answers (live), and may be sent traffic (ready). */
export const probeSchema = z
  .object({ status: z.enum(['live', 'ready', 'draining', 'database_unreachable']) })
  .register(z.globalRegistry, { id: 'Probe' });
export type Probe = z.infer<typeof probeSchema>;
