import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/shared/ui/PageHeading';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720} align="flex-start">
      <PageHeading>{t('messages.pageNotFound')}</PageHeading>
      <Text size="lg">{t('notFound.body')}</Text>
      <Button component={Link} to="/">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
