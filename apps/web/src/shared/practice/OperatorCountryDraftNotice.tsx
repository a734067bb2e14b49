import { countryName, isDraftOfOperatorCountry, type Practice } from '@lisbon/domain';
import { Alert, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n';

/**
 * A draft whose country of education system is the operator's own, started before that country
 * stopped being offered (decision 113): why it cannot be paid for or submitted, and what to do
 * instead. Nothing for any other request. `children`: the ways on (a new request, the deletion).
 */
export function OperatorCountryDraftNotice({
  practice,
  children,
}: {
  practice: Pick<Practice, 'status' | 'country'>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!isDraftOfOperatorCountry(practice)) return null;
  return (
    // The title as body text: Mantine's light orange title colour fails contrast (axe).
    <Alert color="orange" variant="light" role="note">
      <Text fw={700} mb={4}>
        {t('practice.operatorCountry.title')}
      </Text>
      <Text mb="xs">
        {t('practice.operatorCountry.body', { country: countryName(practice.country, locale) })}
      </Text>
      <Text>{t('practice.operatorCountry.next')}</Text>
      {children && (
        <Group gap="sm" mt="sm">
          {children}
        </Group>
      )}
    </Alert>
  );
}
