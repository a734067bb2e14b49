import { ledgerEntrySchema } from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/api';
import { config } from '@/shared/config';

/** GET /ledger/{hash}: one entry of the statements' ledger, for anyone (no token is sent). */
export const ledgerEntryQuery = (hash: string) =>
  queryOptions({
    queryKey: ['ledger', hash] as const,
    queryFn: async () => (await api.get('ledger', hash, { auth: false, schema: ledgerEntrySchema })).data,
    retry: false,
  });

/** The same entry as the API gives it, for those who read JSON. */
export const ledgerEntryDataUrl = (hash: string) => `${config.apiBaseUrl}/ledger/${encodeURIComponent(hash)}`;
