import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Receipts and invoices: their list arrives with payments; until then, it says so plainly. */
export function ReceiptsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="receipts-title">
      <Title order={2} id="receipts-title" mb="xs">
        {t('account.receipts.title')}
      </Title>
      <Text>{t('account.receipts.empty')}</Text>
    </section>
  );
}
