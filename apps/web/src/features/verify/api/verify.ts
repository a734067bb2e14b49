import { certificateStatusSchema, verificationSchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';

/** GET /verify/{id}: what the id is, for anyone (no token is sent). */
export const certificateStatusQuery = (id: string) =>
  queryOptions({
    queryKey: ['verify', id] as const,
    queryFn: async () => (await api.get('verify', id, { auth: false, schema: certificateStatusSchema })).data,
  });

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
