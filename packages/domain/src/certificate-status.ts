import { z } from 'zod/mini';

// Apart from statement.ts: the public verify page asks what an id is when it opens, and builds the
// verification's schemas (with the anchor's) only when a file is checked (decision 079).

/** The largest file the public verification accepts (the statement itself is far smaller). */
export const VERIFY_MAX_BYTES = 10 * 1024 * 1024;

export const CERTIFICATE_STATES = ['published', 'pending', 'superseded', 'revoked', 'unknown'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** GET /verify/{id}: what the id is, without personal data, and what the upload accepts. */
export const certificateStatusSchema = z
  .object({
    certificate_id: z.string(),
    state: z.enum(CERTIFICATE_STATES),
    published_at: z.nullable(z.string()),
    certificate_authority: z.string(),
    max_upload_bytes: z.number().check(z.int()),
  })
  .register(z.globalRegistry, { id: 'CertificateStatus' });
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;
