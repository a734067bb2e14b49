import type { Delivery } from '@lisbon/domain';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { saveBlob } from '@/shared/ui/saveBlob';
import { downloadWaybill } from '../api/delivery';

/** One paid shipment: its requests, its payment, its waybill (none once cancelled), and when it was delivered. */
function Shipment({ shipment }: { shipment: Delivery }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const download = async () => {
    setFailure(null);
    setIsBusy(true);
    try {
      saveBlob(
        await downloadWaybill(shipment.id),
        t('delivery.shipments.waybillFileName', { number: shipment.waybill_number ?? shipment.id }),
      );
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Card withBorder component="li">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600}>{t('delivery.shipments.title', { id: shipment.id })}</Text>
          <Text fw={600}>{t(`delivery.shipments.status.${shipment.status}`)}</Text>
        </Group>
        {/* "Request no. 2" (the request's number, not a count), each number the way to its request. */}
        <Text>
          {t('delivery.shipments.requests', { count: shipment.practice_ids.length })}{' '}
          {shipment.practice_ids.map((id, index) => (
            <Fragment key={id}>
              {index > 0 && ', '}
              <Anchor
                component={Link}
                to={`/practices/${id}`}
                aria-label={t('delivery.shipments.requestLink', { id })}
              >
                {id}
              </Anchor>
            </Fragment>
          ))}
        </Text>
        {shipment.paid_at && (
          <Text>{t('delivery.shipments.paidOn', { date: formatDate(shipment.paid_at, locale) })}</Text>
        )}
        {shipment.delivered_at && (
          <Text>
            {t('delivery.shipments.deliveredOn', { date: formatDate(shipment.delivered_at, locale) })}
          </Text>
        )}
        <FormAlert message={failure} />
        {shipment.waybill_number && shipment.status !== 'cancelled' && (
          // A long label ("Scarica la lettera di vettura RD-2026-000001") wraps on a phone rather than
          // running past the card.
          <Button
            variant="light"
            maw="100%"
            w="fit-content"
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            loading={isBusy}
            onClick={() => void download()}
          >
            {t('delivery.shipments.waybill', { number: shipment.waybill_number })}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export function ShipmentsSection({ shipments }: { shipments: Delivery[] }) {
  const { t } = useTranslation();
  if (shipments.length === 0) return <Text>{t('delivery.shipments.none')}</Text>;
  return (
    <Stack component="ul" gap="sm" p={0} style={{ listStyle: 'none' }}>
      {shipments.map((shipment) => (
        <Shipment key={shipment.id} shipment={shipment} />
      ))}
    </Stack>
  );
}
