import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" aria-label={t('app.homeLink')} className="app-logo">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text component="span" fw={700} size="xl">
          {t('app.name')}
        </Text>
      </Group>
    </Link>
  );
}
