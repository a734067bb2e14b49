import { registerJob } from '../jobs/definition';
import type { Mailer } from './mailer';
import { sendMailJob } from './send-mail.job';

/** Hands the message to the mailer; a failure throws, and the worker retries with backoff. */
export const sendMailHandler = (mailer: Mailer) =>
  registerJob(sendMailJob, async (message) => mailer.send(message));
