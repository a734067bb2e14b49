import { REFUGEE_REQUEST_LIMIT } from '@lisbon/domain';
import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Said before the country is chosen (issue 33): a refugee account that has filed its requests can
 * create no other, and the API would refuse it with a bare 'Limit reached'.
 */
export function RequestLimitNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" title={t('discovery.limit.title')}>
      <Text size="sm">{t('discovery.limit.body', { limit: REFUGEE_REQUEST_LIMIT })}</Text>
      <Anchor component={Link} to="/practices" size="sm">
        {t('discovery.limit.link')}
      </Anchor>
    </Alert>
  );
}
