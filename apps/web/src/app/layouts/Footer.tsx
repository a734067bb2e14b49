import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('app.footer')}</Text>
        <nav aria-label={t('nav.footerLabel')}>
          <Group gap="md" component="ul" className="plain-list">
            <li>
              <Anchor component={Link} to="/" size="sm">
                {t('nav.home')}
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/faq" size="sm">
                {t('nav.faq')}
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/verify" size="sm">
                {t('nav.verify')}
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/contact" size="sm">
                {t('nav.contact')}
              </Anchor>
            </li>
          </Group>
        </nav>
      </Group>
    </footer>
  );
}
