import { defineJob } from '../jobs/definition';
import { mailMessageSchema } from './message';

/** Sends one message. Enqueued in the transaction of the change the message tells about. */
export const sendMailJob = defineJob({
  name: 'send-mail',
  version: 1,
  payload: mailMessageSchema,
  maxAttempts: 8,
  kind: 'mail',
});
