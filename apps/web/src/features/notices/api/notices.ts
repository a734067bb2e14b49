import {
  closureNoticeSchema,
  maintenanceStateSchema,
  marketingOptOutResultSchema,
  noticesSchema,
  returnDeliverySuspensionSchema,
  type ClosureInput,
  type ReturnDeliverySuspensionInput,
} from '@lisbon/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/api';

const NOTICES_KEY = ['notices'] as const;

/** GET /notices: announced closures and maintenance, for the banner on every page (public). */
export const noticesQuery = () =>
  queryOptions({
    queryKey: NOTICES_KEY,
    queryFn: async () => (await api.get('notices', null, { auth: false, schema: noticesSchema })).data,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export const maintenanceQuery = () =>
  queryOptions({
    queryKey: [...NOTICES_KEY, 'maintenance'] as const,
    queryFn: async () => (await api.get('staff/maintenance', null, { schema: maintenanceStateSchema })).data,
  });

export const closuresQuery = () =>
  queryOptions({
    queryKey: [...NOTICES_KEY, 'closures'] as const,
    queryFn: async () =>
      (await api.list('staff/closures', undefined, { schema: z.array(closureNoticeSchema) })).data,
  });

export const suspensionsQuery = () =>
  queryOptions({
    queryKey: [...NOTICES_KEY, 'return-delivery-suspensions'] as const,
    queryFn: async () =>
      (
        await api.list('staff/return-delivery-suspensions', undefined, {
          schema: z.array(returnDeliverySuspensionSchema),
        })
      ).data,
  });

/** POST /staff/closures (administrators): a closure period and its notice. */
export async function announceClosure(body: ClosureInput) {
  return (await api.create('staff/closures', body, { schema: closureNoticeSchema })).data;
}

/** POST /staff/return-delivery-suspensions (administrators). */
export async function suspendReturnDelivery(body: ReturnDeliverySuspensionInput) {
  return (
    await api.create('staff/return-delivery-suspensions', body, { schema: returnDeliverySuspensionSchema })
  ).data;
}

export type CalendarPeriodKind = 'closures' | 'return-delivery-suspensions';

/** DELETE /staff/closures/{id} or /staff/return-delivery-suspensions/{id}: before its first day only. */
export async function deleteCalendarPeriod(kind: CalendarPeriodKind, id: number) {
  await api.remove(`staff/${kind}`, id);
}

/** PUT /staff/maintenance (administrators). */
export async function switchMaintenance(isOn: boolean) {
  return (await api.put('staff/maintenance', { is_on: isOn }, { schema: maintenanceStateSchema })).data;
}

/** POST /marketing-opt-out/{token}: no login, the token is the access. */
export async function optOut(token: string) {
  return (
    await api.create(
      `marketing-opt-out/${encodeURIComponent(token)}`,
      {},
      {
        auth: false,
        schema: marketingOptOutResultSchema,
      },
    )
  ).data;
}
