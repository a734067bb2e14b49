import { calendarDayOf, formatPhoneForReading } from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { renderTextDocumentOffThread } from '../../platform/pdf/render-pool';
import type { SessionUser } from '../sessions/service';
import { findDeliveryRow, listDeliveryPracticeIds } from './repository';

const dayOf = (iso: string) => calendarDayOf(new Date(iso)).split('-').reverse().join('/');

/**
 * GET /delivery/{id}/waybill: the waybill of a paid shipment (owner only: anyone else's, one not
 * yet paid, or one cancelled, is 404), rendered with pdf-lib like the other PDFs, Italian then English.
 */
export async function openWaybill(
  ctx: AppContext,
  actor: SessionUser,
  deliveryId: number,
): Promise<{ content: Uint8Array; fileName: string }> {
  const row = await findDeliveryRow(ctx.db, deliveryId);
  const isShipped = row?.status === 'paid' || row?.status === 'delivered';
  if (!row || row.user_id !== actor.id || !isShipped || !row.waybill_number || !row.paid_at) {
    throw new AppError('NOT_FOUND');
  }
  const practiceIds = (await listDeliveryPracticeIds(ctx.db, [row.id])).get(row.id) ?? [];
  const { body } = ctx.config;
  const recipient = [
    row.recipient_name,
    row.address,
    [row.zip_code, row.city, row.province].filter(Boolean).join(' '),
    row.country,
    // Kept in E.164; printed grouped for the courier who dials it, as the web summary shows it.
    row.phone ? `Tel. ${formatPhoneForReading(row.phone)}` : null,
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
  return { content, fileName: `waybill-${row.waybill_number}.pdf` };
}
