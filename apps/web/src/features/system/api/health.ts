import { healthSchema } from '@lisbon/domain';
import { api } from '@/api';

/** `GET /health` answers even in maintenance, with `maintenance: true`. */
export async function fetchHealth() {
  return (await api.get('health', null, { auth: false, schema: healthSchema })).data;
}
