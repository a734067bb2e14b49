import { verificationSchema } from '@lisbon/domain';
import { api } from '@/api';

// Apart from verify.ts: the verification's schemas (with the anchor's) come when a file is
// checked, not with the page (decision 079).

/**
 * POST /verify/{id}, or POST /verify with no id (the file names its statement): the API hashes the
 * file and answers valid or NOT valid, with the reason.
 */
export async function verifyFile(id: string | null, file: File) {
  const { data } = await api.upload(
    id === null ? 'verify' : `verify/${encodeURIComponent(id)}`,
    { file },
    {
      auth: false,
      schema: verificationSchema,
    },
  );
  return data;
}
