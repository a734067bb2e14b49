import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from './PageHeading';

type Props = { title: string; purpose: string; note?: string };

/** A page whose feature arrives with a later issue: it says what it is for, and that it is not here yet. */
export function ComingSoon({ title, purpose, note }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <PageHeading>{title}</PageHeading>
      <Text size="lg">{purpose}</Text>
      <Alert color="blue" variant="light">
        {note ?? t('common.comingSoon')}
      </Alert>
    </Stack>
  );
}
