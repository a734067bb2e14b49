import { DOCUMENTS_PER_REQUEST_MAX } from '@lisbon/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../sessions/service';
import { countDocumentsOfPractice, documentUsageOfUser, lockDocumentsOfUser } from './repository';
import type { StagedUpload } from './upload';

const MEGABYTE = 1024 * 1024;
export const megabytes = (bytes: number): number => Number((bytes / MEGABYTE).toFixed(1));

/**
 * Inside the transaction that adds `file` (decision 058): refuses it when the applicant already
 * has UPLOAD_UNATTACHED_MAX documents that belong to no request and this one would be another
 * (409 UNATTACHED_DOCUMENTS_LIMIT), when the request it is added to (`addedTo`) already holds
 * DOCUMENTS_PER_REQUEST_MAX documents (409 REQUEST_DOCUMENTS_LIMIT), or when their documents would
 * take more than UPLOAD_QUOTA_BYTES with it (413 STORAGE_QUOTA_EXCEEDED). `freedBytes`: the size
 * of a file it replaces (a replacement is added to no request: it takes no new place).
 */
export async function requireRoomFor(
  trx: Db,
  ctx: AppContext,
  {
    actor,
    file,
    freedBytes,
    isUnattached,
    addedTo,
  }: {
    actor: SessionUser;
    file: StagedUpload;
    freedBytes: number;
    isUnattached: boolean;
    addedTo?: number | null;
  },
): Promise<void> {
  await lockDocumentsOfUser(trx, actor.id);
  const usage = await documentUsageOfUser(trx, actor.id);
  const { unattachedDocumentsMax, uploadQuotaBytes } = ctx.config;
  if (isUnattached && usage.unattached >= unattachedDocumentsMax)
    throw new AppError('UNATTACHED_DOCUMENTS_LIMIT', {
      params: { file: file.fileName, max: unattachedDocumentsMax },
    });
  if (
    typeof addedTo === 'number' &&
    (await countDocumentsOfPractice(trx, addedTo)) >= DOCUMENTS_PER_REQUEST_MAX
  )
    throw new AppError('REQUEST_DOCUMENTS_LIMIT', {
      params: { file: file.fileName, max: DOCUMENTS_PER_REQUEST_MAX },
    });
  const used = usage.bytes - freedBytes;
  if (used + file.size > uploadQuotaBytes)
    throw new AppError('STORAGE_QUOTA_EXCEEDED', {
      params: { file: file.fileName, quota: megabytes(uploadQuotaBytes), used: megabytes(used) },
    });
}
