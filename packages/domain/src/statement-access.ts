import { z } from 'zod';
import { decimalInteger } from './decimal-integer';
import { anchorViewSchema } from './anchor';
import { isoDateSchema } from './dates';
import { CERTIFICATE_STATES } from './certificate-status';

/**
 * Who sees a statement besides its owner: the staff, who follow its publication, and whoever the
 * applicant gives a share link to (issue #7, decision 024).
 */

/**
 * Where a request's publication stands, for the staff workspace: `none` (not asked for yet),
 * `pending` (the publish job is queued or running, perhaps retrying after a failure), `failed`
 * (the job gave up: it may be queued again) or `published`.
 */
export const PUBLICATION_STATES = ['none', 'pending', 'failed', 'published'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** GET /staff/practices/{id}/publication. */
export const staffPublicationSchema = z
  .object({
    state: z.enum(PUBLICATION_STATES),
    certificate_id: z.string().nullable(),
    requested_at: z.string().nullable(),
    published_at: z.string().nullable(),
  })
  .meta({ id: 'StaffPublication' });
export type StaffPublication = z.infer<typeof staffPublicationSchema>;

/**
 * The most links to one statement its holder may have working at once (neither revoked nor past
 * their last day): a holder shares with a few universities or employers, and every link is listed.
 * One more answers 409 SHARE_LINKS_LIMIT; revoking one makes room.
 */
export const SHARE_LINKS_ACTIVE_MAX = 10;

/** The longest a share link may be made to last, in days. */
export const SHARE_LINK_MAX_DAYS = 365;

/** POST /practices/{id}/statement/share-links: no expiry, or the last day the link works (a date, not before today). */
export const shareLinkBodySchema = z
  .strictObject({ expires_on: z.optional(z.nullable(isoDateSchema)) })
  .meta({ id: 'ShareLinkBody' });
export type ShareLinkBody = z.infer<typeof shareLinkBodySchema>;

export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

/** One of the applicant's share links, as listed: the token itself is shown once, when it is made. */
export const shareLinkSchema = z
  .object({
    id: z.number().int(),
    state: z.enum(SHARE_LINK_STATES),
    /** The last day the link works, or null for no expiry. */
    expires_on: z.string().nullable(),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The link as made: with its address, which is never shown again (only its hash is kept). */
export const createdShareLinkSchema = shareLinkSchema
  .extend({ url: z.string() })
  .meta({ id: 'CreatedShareLink' });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const shareLinkParamsSchema = z.object({
  id: decimalInteger(z.number().int().positive()),
  linkId: decimalInteger(z.number().int().positive()),
});

/** `:token` of a share link: base64url, as `randomToken()` makes it. */
export const shareTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

/**
 * GET /shared/{token}: the verification page of the statement the link points to. What anyone
 * with the link may see, and nothing else personal: published or not, the qualification, the
 * publish date, the transaction hash (the chain's once anchored) and the holder's name partly masked.
 */
export const sharedStatementSchema = z
  .object({
    certificate_id: z.string(),
    state: z.enum(CERTIFICATE_STATES),
    qualification_name: z.string().nullable(),
    published_at: z.string().nullable(),
    transaction_hash: z.string().nullable(),
    holder_name: z.string().nullable(),
    certificate_authority: z.string(),
    /** Whether the signed PDF can be downloaded through the link (only once published). */
    has_pdf: z.boolean(),
    expires_on: z.string().nullable(),
    max_upload_bytes: z.number().int(),
    /** Its record on the blockchain once published (decision 065); null before. */
    anchor: z.nullable(anchorViewSchema),
  })
  .meta({ id: 'SharedStatement' });
export type SharedStatement = z.infer<typeof sharedStatementSchema>;

/** Today's date (UTC) as the share links read it: a link works through its `expires_on` day. */
export const shareLinkToday = (now: Date): string => now.toISOString().slice(0, 10);

/** A link is active until its holder revokes it or its last day has passed. */
export function shareLinkState(
  link: { expires_on: string | null; revoked_at: string | null },
  now: Date,
): ShareLinkState {
  if (link.revoked_at) return 'revoked';
  if (link.expires_on !== null && link.expires_on < shareLinkToday(now)) return 'expired';
  return 'active';
}
