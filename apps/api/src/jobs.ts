import type { RegisteredJob } from './platform/jobs/definition';
import type { Mailer } from './platform/mail/mailer';
import { sendMailHandler } from './platform/mail/send-mail.handler';

/** Every job the worker runs, with its handler. A job without a handler here is never claimed. */
export const registeredJobs = ({ mailer }: { mailer: Mailer }): RegisteredJob[] => [sendMailHandler(mailer)];
