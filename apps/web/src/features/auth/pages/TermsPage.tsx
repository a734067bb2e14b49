import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/shared/session/currentUser';
import { PageHeading } from '@/shared/ui/PageHeading';
import { TermsText } from '../components/TermsText';

/**
 * /terms: the terms a logged-in user accepted, by their category; for a visitor, the refugee
 * variant (spec §2), readable before registering (the standard terms open on the registration form).
 */
export function TermsPage() {
  const { t } = useTranslation();
  const variant = useCurrentUser().data?.category === 'standard' ? 'standard' : 'refugee';
  return (
    <Stack gap="md" maw={760}>
      <PageHeading>{t('pages.terms.title')}</PageHeading>
      <Text size="lg">{t(`terms.${variant}.intro`)}</Text>
      <TermsText variant={variant} headingOrder={2} />
    </Stack>
  );
}
