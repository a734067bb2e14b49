import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { opened: boolean; onClose: () => void; children: ReactNode };

/**
 * The navigation on narrow screens: a dialog with a named close button. Its opener gets focus back
 * from the layout (`useOpenerFocus`), as the drawer is first mounted already open.
 */
export function MenuDrawer({ opened, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={opened} onClose={onClose} size="xs" returnFocus={false}>
      <Drawer.Overlay />
      <Drawer.Content>
        {/* Not a <header> landmark: the page already has its banner. */}
        <Drawer.Header role="none">
          <Drawer.Title>{t('app.name')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
