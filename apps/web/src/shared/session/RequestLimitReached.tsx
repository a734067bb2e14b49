import { REFUGEE_REQUEST_LIMIT } from '@lisbon/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Said where the button that starts a request was, once a refugee account has filed its requests
 * (`useRequestLimit`): on My requests and in the service finder, rather than a button to a page that
 * says so. Its words are the finder's, which the logged-in area loads too (`loadAreaTexts`).
 */
export function RequestLimitReached() {
  const { t } = useTranslation();
  return (
    <Text size="sm" maw={480}>
      {t('discovery.limitReached', { limit: REFUGEE_REQUEST_LIMIT })}
    </Text>
  );
}
