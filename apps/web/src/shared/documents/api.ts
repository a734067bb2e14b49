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

/** POST /documents (multipart), reporting progress. */
export const uploadDocument = async (fields: UploadFields, file: File, onProgress: OnProgress) =>
  (await api.upload('documents', { ...fields, file }, { schema: documentSchema, onProgress })).data;

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
