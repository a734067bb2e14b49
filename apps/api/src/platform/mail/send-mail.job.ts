import { defineJob } from '../jobs/definition';
import { mailMessageSchema } from './message';

/**
 * Sends one message. Enqueued in the transaction of the change the message tells about.
 * The messages to one address go out one at a time, in the order they were queued (decision 077):
 * of three activation links queued close together, the one mailed last is the newest in the inbox,
 * and it is the link that works (decision 106), not whichever send happened to finish last.
 */
export const sendMailJob = defineJob({
  name: 'send-mail',
  version: 1,
  payload: mailMessageSchema,
  maxAttempts: 8,
  kind: 'mail',
  orderingKey: (message) => `mail:${message.to.toLowerCase()}`,
});
