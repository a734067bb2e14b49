import { calendarDayOf, formatPhoneForReading, type StaffShipment } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { renderTextDocumentOffThread } from '../../platform/pdf/render-pool';
import type { SessionUser } from '../sessions/service';
import {
  findDeliveryRow,
  findPracticeDeliveryRow,
  listDeliveryPracticeIds,
  type DeliveryRow,
} from './repository';
import { toDelivery } from './service';

const dayOf = (iso: string) => calendarDayOf(new Date(iso)).split('-').reverse().join('/');

/**
 * GET /delivery/{id}/waybill: the waybill of a paid shipment (owner only: anyone else's, one not
 * yet paid, or one cancelled, is 404), rendered with pdf-lib like the other PDFs, Italian then English.
 * A render counts against the budget of whoever asks for it, applicant or staff (decision 084).
 */
export async function openWaybill(
  ctx: AppContext,
  actor: SessionUser,
  deliveryId: number,
): Promise<WaybillFile> {
  const row = await findDeliveryRow(ctx.db, deliveryId);
  if (!row || row.user_id !== actor.id) throw new AppError('NOT_FOUND');
  return renderWaybill(ctx, actor, row);
}

/** A waybill as `sendPrivateFile` sends it (its content type aside). */
type WaybillFile = { content: Buffer; size: number; fileName: string };

/** A shipment that has a waybill: paid, or delivered since (not one cancelled nor being prepared). */
const isShipped = (row: DeliveryRow): row is DeliveryRow & { waybill_number: string; paid_at: string } =>
  (row.status === 'paid' || row.status === 'delivered') &&
  Boolean(row.waybill_number) &&
  Boolean(row.paid_at);

/** The paid shipment that carries the request's originals, if any. */
async function shipmentOfPractice(ctx: AppContext, practiceId: number) {
  const practice = await findPracticeDeliveryRow(ctx.db, practiceId);
  if (!practice?.delivery_id) return undefined;
  const row = await findDeliveryRow(ctx.db, practice.delivery_id);
  return row && isShipped(row) ? row : undefined;
}

/**
 * The shipment of a request as the staff workspace shows it to those who send the originals
 * (`staff.delivery`): where to, and the waybill number; null for anyone else or when none is paid.
 */
export async function staffShipmentOf(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<StaffShipment | null> {
  if (!actor.abilities['staff.delivery']) return null;
  const row = await shipmentOfPractice(ctx, practiceId);
  if (!row) return null;
  const { id, status, shipping, waybill_number, paid_at, delivered_at } = toDelivery(row, []);
  return { id, status, shipping, waybill_number, paid_at, delivered_at };
}

/**
 * GET /staff/practices/{id}/waybill: the waybill of the paid shipment carrying this request, for
 * staff who send the originals (`staff.delivery`, and the workspace); 404 when the request is in no
 * paid shipment. The same document the applicant downloads.
 */
export async function openStaffWaybill(
  ctx: AppContext,
  actor: SessionUser,
  practiceId: number,
): Promise<WaybillFile> {
  if (!actor.abilities['staff.workspace'] || !actor.abilities['staff.delivery']) {
    throw new AppError('FORBIDDEN_ACCESS');
  }
  const row = await shipmentOfPractice(ctx, practiceId);
  if (!row) throw new AppError('NOT_FOUND');
  return renderWaybill(ctx, actor, row);
}

async function renderWaybill(ctx: AppContext, actor: SessionUser, row: DeliveryRow): Promise<WaybillFile> {
  if (!isShipped(row)) throw new AppError('NOT_FOUND');
  const practiceIds = (await listDeliveryPracticeIds(ctx.db, [row.id])).get(row.id) ?? [];
  const { body } = ctx.config;
  const recipient = [
    row.recipient_name,
    row.address,
    [row.zip_code, row.city, row.province].filter(Boolean).join(' '),
    row.country,
    // Kept in E.164; printed grouped for the courier who dials it, as the web summary shows it (one
    // kept without its country code is read in the shipping country).
    row.phone ? `Tel. ${formatPhoneForReading(row.phone, row.country)}` : null,
  ].filter(Boolean);
  const document = {
    title: `Lettera di vettura / Waybill ${row.waybill_number}`,
    paragraphs: [
      `Mittente / Sender: ${body.name}, ${body.address}`,
      `Destinatario / Recipient: ${recipient.join(', ')}`,
      `Contenuto / Contents: documenti originali cartacei delle richieste n. ${practiceIds.join(', ')} / original paper documents of requests no. ${practiceIds.join(', ')}`,
      `Spedizione n. ${row.id}, pagata il ${dayOf(row.paid_at)} / Shipment no. ${row.id}, paid on ${dayOf(row.paid_at)}`,
      ...(row.delivered_at
        ? [`Consegnata il ${dayOf(row.delivered_at)} / Delivered on ${dayOf(row.delivered_at)}`]
        : []),
      ...(ctx.config.areBodyDetailsDemo ? ['DEMO: documento non valido / DEMO, not a valid document'] : []),
    ],
    signatureLines: ['Corriere / Courier', 'Ricevuto da / Received by'],
    author: body.name,
    subject: `Waybill ${row.waybill_number}`,
    language: 'it-IT' as const,
    createdAt: new Date(row.paid_at),
  };
  // Rendered once per content, then kept; a render counts against the owner's budget (decision 084).
  const content = await ctx.keptDocuments.get(
    'waybill',
    { ...document, createdAt: row.paid_at },
    () => renderTextDocumentOffThread(document),
    () => ctx.renderBudget.charge(actor.id),
  );
  return {
    content: Buffer.from(content),
    size: content.byteLength,
    fileName: `waybill-${row.waybill_number}.pdf`,
  };
}
