import type { DeliverablePractice } from '@lisbon/domain';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';

type Props = { practices: DeliverablePractice[]; cart: number[]; onChange: (ids: number[]) => void };

/** The requests open to delivery, each added to or removed from the cart (several in one shipment). */
export function CartSection({ practices, cart, onChange }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (practices.length === 0)
    return (
      <Stack gap={4}>
        <Text>{t('delivery.cart.empty')}</Text>
        <Text size="sm">{t('delivery.cart.emptyWhy')}</Text>
      </Stack>
    );
  const toggle = (id: number, isChecked: boolean) =>
    onChange(isChecked ? [...cart, id].sort((a, b) => a - b) : cart.filter((item) => item !== id));
  return (
    <Stack gap="sm">
      <Text>{t('delivery.cart.intro')}</Text>
      {practices.map((practice) => (
        <Checkbox
          key={practice.id}
          checked={cart.includes(practice.id)}
          onChange={(event) => toggle(practice.id, event.currentTarget.checked)}
          label={t('delivery.cart.item', {
            id: practice.id,
            name: practice.qualification_name ?? '—',
          })}
          description={t('delivery.cart.openedOn', {
            date: formatDate(practice.delivery_opened_at, locale),
          })}
        />
      ))}
      <Text fw={500} aria-live="polite">
        {t('delivery.cart.count', { count: cart.length })}
      </Text>
    </Stack>
  );
}
