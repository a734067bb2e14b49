import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentLink, PUBLIC_NAVIGATION } from './navigation';

/** The same links in a row, for the header on wide screens; registering stands out. */
export function PublicNavigationBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = currentLink(
    location,
    PUBLIC_NAVIGATION.map((item) => item.to),
  );
  return (
    <Group gap="xs" component="ul" className="plain-list">
      {PUBLIC_NAVIGATION.map((item) => (
        <li key={item.to}>
          <Button
            component={Link}
            to={item.to}
            variant={item.label === 'register' ? 'filled' : item.to === current ? 'light' : 'subtle'}
            aria-current={item.to === current ? 'page' : undefined}
          >
            {t(`nav.${item.label}`)}
          </Button>
        </li>
      ))}
    </Group>
  );
}
