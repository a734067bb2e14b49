import { emailSchema, localeSchema, registerSchema } from '@lisbon/domain';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/definition';

/**
 * The work behind the three answers that must not tell whether an email has an account
 * (registration, a new activation link, a forgotten password; issue #15 item 5): the request only
 * counts its rate limits and queues this job, the same for every email, and answers; the job
 * looks the account up and queues the mail that fits.
 */
export const identityRequestJob = defineJob({
  name: 'identity-request',
  version: 1,
  payload: z.discriminatedUnion('action', [
    z.object({
      action: z.literal('register'),
      // The registration's shape: the adults-only rule was checked on the API's clock when it came.
      registration: registerSchema,
      locale: localeSchema,
      // False past the email's limit (decision 111): no mail and no new link; an account not yet
      // activated still takes the registration's details (decision 106).
      // Queued before it existed: true.
      mail: z.boolean().default(true),
    }),
    z.object({ action: z.literal('resend-activation'), email: emailSchema }),
    z.object({ action: z.literal('forgot-password'), email: emailSchema }),
  ]),
  maxAttempts: 8,
  // Somebody waits for the mail it queues.
  kind: 'mail',
  // One email's requests take effect in the order they came: the account a second registration
  // finds is the first one's, with its language.
  orderingKey: (request) =>
    `identity:${request.action === 'register' ? request.registration.email : request.email}`,
});
