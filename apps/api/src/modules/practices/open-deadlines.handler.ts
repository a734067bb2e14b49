import type { AppContext } from '../../context';
import { registerJob } from '../../platform/jobs/definition';
import { moveOpenDeadlinesJob } from '../reference/open-deadlines.job';
import { moveOpenDeadlines } from './open-deadlines.service';

export const moveOpenDeadlinesHandler = (ctx: AppContext) =>
  registerJob(moveOpenDeadlinesJob, async ({ from }, job) => {
    const moved = await moveOpenDeadlines(ctx, from);
    job.log.info({ moved, from }, 'open requests’ deadlines counted again after a closure changed');
  });
