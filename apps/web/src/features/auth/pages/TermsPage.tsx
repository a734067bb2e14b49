import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/shared/ui/PageHeading';
import { TermsText } from '../components/TermsText';

/** /terms: the terms and conditions of the refugee variant (spec §2), readable before registering. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={760}>
      <PageHeading>{t('pages.terms.title')}</PageHeading>
      <Text size="lg">{t('terms.refugee.intro')}</Text>
      <TermsText variant="refugee" headingOrder={2} />
    </Stack>
  );
}
