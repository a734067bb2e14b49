import {
  countryName,
  formatPhoneForReading,
  type StaffChange,
  type StaffPractice,
  type StaffShipment,
} from '@lisbon/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { saveBlob } from '@/shared/ui/saveBlob';
import { fetchStaffWaybill, workspaceCalls } from '../api/workspace';
import { useChange } from './ChangeForm';
import { RefundDialog } from './RefundDialog';

type Props = { practice: StaffPractice; may: (change: StaffChange) => boolean };

/**
 * Where the originals go and under which waybill: the shipping information the applicant gave (the
 * phone grouped for reading, as the waybill prints it) and the waybill's PDF to print.
 */
function ShipmentDetails({ practiceId, shipment }: { practiceId: number; shipment: StaffShipment }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { shipping, waybill_number: waybill } = shipment;
  const download = async () => {
    setFailure(null);
    setIsBusy(true);
    try {
      saveBlob(
        await fetchStaffWaybill(practiceId),
        t('delivery.shipments.waybillFileName', { number: waybill ?? shipment.id }),
      );
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Text fw={600}>{t('staff.delivery.shipment', { id: shipment.id })}</Text>
      {shipping && (
        <address style={{ fontStyle: 'normal' }} aria-label={t('staff.delivery.recipient')}>
          <Text>{shipping.recipient_name}</Text>
          <Text>{shipping.address}</Text>
          <Text>{[shipping.zip_code, shipping.city, shipping.province].filter(Boolean).join(' ')}</Text>
          <Text>{countryName(shipping.country, locale)}</Text>
          {shipping.phone && (
            <Text>
              {t('staff.delivery.phone', { phone: formatPhoneForReading(shipping.phone, shipping.country) })}
            </Text>
          )}
        </address>
      )}
      {waybill && (
        <Group gap="sm">
          <Text>{t('staff.delivery.waybill', { number: waybill })}</Text>
          <Button size="xs" variant="outline" loading={isBusy} onClick={() => void download()}>
            {t('staff.delivery.downloadWaybill')}
          </Button>
        </Group>
      )}
      <FormAlert message={failure} />
    </Stack>
  );
}

/**
 * Return delivery of the originals: 'open to delivery' once the evaluation is over, 'set as
 * delivered' once the applicant has paid the shipment, or cancelling the paid shipment with its fee
 * refunded (decision 068). Each button only when the rules allow it.
 */
export function DeliverySection({ practice, may }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const opening = useChange('openToDelivery', () => false);
  const delivering = useChange('setAsDelivered', () => false);
  const date = (value: string) => formatDateTime(value, locale);
  const isOffered = (change: 'open_to_delivery' | 'set_delivered' | 'cancel_delivery') => may(change);
  const [isCancelling, setIsCancelling] = useState(false);
  // Done, a change's button goes: focus on the section's heading, where the change now shows.
  const deliveryHeading = () => document.getElementById('delivery-title');
  // The applicant is mailed that the originals reached them: asked first, not set by a slip.
  const [isConfirmingDelivered, setIsConfirmingDelivered] = useState(false);
  // Opening mails the applicant that they may order the return, and cannot be taken back: asked too.
  const [isConfirmingOpen, setIsConfirmingOpen] = useState(false);
  // A request is in one shipment at a time: the fee not yet refunded is the current shipment's.
  const fee = practice.payments.find((payment) => payment.purpose === 'delivery' && !payment.refund);
  const shipmentFee = fee ?? practice.payments.find((payment) => payment.purpose === 'delivery');

  return (
    <Stack gap="sm">
      <Text>
        {practice.delivery_opened_at
          ? t('staff.delivery.opened', { date: date(practice.delivery_opened_at) })
          : t('staff.delivery.notOpened')}
      </Text>
      {practice.delivery_paid_at && (
        <Text>{t('staff.delivery.paid', { date: date(practice.delivery_paid_at) })}</Text>
      )}
      {practice.delivered_at && (
        <Text>{t('staff.delivery.delivered', { date: date(practice.delivered_at) })}</Text>
      )}
      {practice.shipment && <ShipmentDetails practiceId={practice.id} shipment={practice.shipment} />}
      <FormAlert message={opening.failure ?? delivering.failure} />
      <Group gap="sm">
        {isOffered('open_to_delivery') && (
          <Button loading={opening.isBusy} onClick={() => setIsConfirmingOpen(true)}>
            {t('staff.delivery.open')}
          </Button>
        )}
        {isOffered('set_delivered') && (
          <Button loading={delivering.isBusy} onClick={() => setIsConfirmingDelivered(true)}>
            {t('staff.delivery.setDelivered')}
          </Button>
        )}
        {fee && isOffered('cancel_delivery') && (
          <Button variant="outline" color="red" onClick={() => setIsCancelling(true)}>
            {t('staff.refund.delivery.open')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={isConfirmingOpen}
        title={t('staff.delivery.open')}
        message={t('staff.delivery.confirmOpen')}
        confirmLabel={t('staff.delivery.open')}
        isBusy={opening.isBusy}
        focusWhenOpenerGone={deliveryHeading}
        onCancel={() => setIsConfirmingOpen(false)}
        onConfirm={() =>
          void opening.run(
            () => workspaceCalls.openToDelivery(practice.id),
            () => setIsConfirmingOpen(false),
          )
        }
      />
      <ConfirmDialog
        opened={isConfirmingDelivered}
        title={t('staff.delivery.setDelivered')}
        message={t('staff.delivery.confirmDelivered')}
        confirmLabel={t('staff.delivery.setDelivered')}
        isBusy={delivering.isBusy}
        focusWhenOpenerGone={deliveryHeading}
        onCancel={() => setIsConfirmingDelivered(false)}
        onConfirm={() =>
          void delivering.run(
            () => workspaceCalls.setDelivered(practice.id),
            () => setIsConfirmingDelivered(false),
          )
        }
      />
      {/* Kept while it closes, once the cancellation took its button (focus then to the heading). */}
      {shipmentFee && (
        <RefundDialog
          kind="delivery"
          amountCents={shipmentFee.amount.total}
          opened={isCancelling}
          onClose={() => setIsCancelling(false)}
          focusWhenOpenerGone={deliveryHeading}
          call={() => workspaceCalls.cancelDelivery(practice.id)}
        />
      )}
    </Stack>
  );
}
