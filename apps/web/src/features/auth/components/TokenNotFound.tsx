import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';

/**
 * An unknown, used or expired link (spec §8 'Token not found'), with the way to ask for a new one;
 * `others` adds the ways out for whom a new link is no help (an account already activated).
 */
export function TokenNotFound({
  requestPath,
  requestLabel,
  others,
}: {
  requestPath: string;
  requestLabel: string;
  others?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeading focusOnMount>{t('messages.tokenNotFound')}</PageHeading>
      <Text>{t('auth.tokenNotFound.body')}</Text>
      <Anchor component={Link} to={requestPath}>
        {requestLabel}
      </Anchor>
      {others}
    </Stack>
  );
}
