import { appealOverviewSchema, type CreateAppeal } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';
import { saveBlob } from '@/shared/ui/saveBlob';

/** GET /practices/{id}/appeal: the window (until when), whether one may be asked now, and the appeal. */
export const appealQuery = (practiceId: number) =>
  queryOptions({
    queryKey: ['practices', 'appeal', practiceId] as const,
    queryFn: async () =>
      (await api.get(`practices/${practiceId}/appeal`, null, { schema: appealOverviewSchema })).data,
  });

/**
 * POST /practices/{id}/appeal: 'Appeal created' ('Amendment created' for an amendment); 409 after
 * the window or when one is open. Sent again with the same `idempotencyKey`, it is not filed twice.
 */
export const createAppeal = (practiceId: number, body: CreateAppeal, idempotencyKey?: string) =>
  api.create(`practices/${practiceId}/appeal`, body, {
    schema: appealOverviewSchema,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });

/** GET /practices/{id}/appeal/statement/pdf: the statement of appeal or the amended statement. */
export async function downloadAppealStatement(practiceId: number, fileName: string): Promise<void> {
  const blob = await api.download(`practices/${practiceId}/appeal/statement/pdf`);
  saveBlob(blob, fileName);
}
