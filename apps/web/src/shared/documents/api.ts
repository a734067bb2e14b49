import { type DocumentType, documentSchema, type PracticeDocument } from '@lisbon/domain';
import { api, type UploadProgress } from '@/api';
import { saveBlob } from '../ui/saveBlob';

/** The document calls every page that handles files shares: upload, replace, delete, download. */

export type UploadFields = {
  type: DocumentType;
  additional_type?: string | null | undefined;
  practice_id?: number | undefined;
};

type OnProgress = (progress: UploadProgress) => void;

/** The ids of the uploads made of each file chosen, one per purpose it was sent for. */
const uploadIds = new WeakMap<File, Map<string, string>>();

/**
 * The upload's id (decision 101): the same file sent again for the same document, after an
 * answer that never came, is the document stored the first time. None where the browser makes no
 * UUID (a page not served over HTTPS or from localhost): each send is then an upload of its own.
 */
export function uploadIdOf(file: File, fields: UploadFields): string | undefined {
  const ids = uploadIds.get(file) ?? new Map<string, string>();
  uploadIds.set(file, ids);
  const purpose = JSON.stringify([fields.type, fields.additional_type ?? null, fields.practice_id ?? null]);
  const id = ids.get(purpose) ?? globalThis.crypto.randomUUID?.();
  if (id !== undefined) ids.set(purpose, id);
  return id;
}

/** POST /documents (multipart), reporting progress. */
export const uploadDocument = async (fields: UploadFields, file: File, onProgress: OnProgress) =>
  (
    await api.upload(
      'documents',
      { ...fields, upload_id: uploadIdOf(file, fields), file },
      { schema: documentSchema, onProgress },
    )
  ).data;

/** PUT /documents/{id}: a new file for the same document. */
export const replaceDocument = async (id: number, file: File, onProgress: OnProgress) =>
  (await api.upload(`documents/${id}`, { file }, { method: 'PUT', schema: documentSchema, onProgress })).data;

export const deleteDocument = async (id: number) => {
  await api.remove('documents', id);
};

/** GET /documents/{id}/download, saved under the document's own name. */
export async function downloadDocument(document: Pick<PracticeDocument, 'id' | 'file_name'>) {
  saveBlob(await api.download(`documents/${document.id}/download`), document.file_name);
}

/** Query keys whose answers change when a document does; pages invalidate them after a change. */
export const DOCUMENT_QUERY_KEYS = [['documents'], ['practices']] as const;
