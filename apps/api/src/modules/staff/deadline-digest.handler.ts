import type { AppContext } from '../../context';
import { registerJob } from '../../platform/jobs/definition';
import { deadlineDigestJob } from './deadline-digest.job';
import { sendDeadlineDigests } from './deadline-digest.service';

export const deadlineDigestHandler = (ctx: AppContext) =>
  registerJob(deadlineDigestJob, async ({ day }) => {
    await sendDeadlineDigests(ctx, day);
  });
