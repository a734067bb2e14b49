import { registerJob } from '../jobs/definition';
import type { Mailer } from './mailer';
import { sendMailJob } from './send-mail.job';

/**
 * Hands the message to the mailer; a failure throws, and the worker retries with backoff. A run
 * after the first may follow a send whose worker died before the job ended: the mailer is told,
 * with the message's id, which is the same on every run (decision 101).
 */
export const sendMailHandler = (mailer: Mailer) =>
  registerJob(sendMailJob, async (message, job) =>
    mailer.send(message, { id: message.messageId ?? `job-${job.id}`, repeated: job.attempt > 1 }),
  );
