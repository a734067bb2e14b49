import { negotiateLocale, WORKSPACE_NOTICES, type NoticeMeta, type WorkspaceNoticeKey } from '@lisbon/domain';
import type { FastifyRequest } from 'fastify';

/** `meta` of a change's answer: the success message of spec §4, as key and in the caller's language. */
export const noticeMeta = (request: FastifyRequest, notice: WorkspaceNoticeKey): NoticeMeta => ({
  notice,
  message: WORKSPACE_NOTICES[negotiateLocale(request.headers['accept-language'])][notice],
});
