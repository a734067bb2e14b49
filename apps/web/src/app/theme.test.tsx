import { Drawer, Modal } from '@mantine/core';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/renderComponent';

afterEach(cleanup);

describe('the theme’s dialogs', () => {
  // axe (landmark-no-duplicate-banner) on every open dialog of the staff workspace: Mantine writes a
  // dialog's title bar as <header>, a second "banner" landmark beside the page's own header.
  it('have a title bar that is no banner landmark', async () => {
    renderComponent(
      <>
        <Modal opened onClose={() => undefined} title="Assign requests">
          Body
        </Modal>
        <Drawer opened onClose={() => undefined} title="Menu">
          Links
        </Drawer>
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign requests' });
    expect(within(dialog).getByText('Assign requests')).toBeTruthy();
    expect(screen.queryAllByRole('banner')).toEqual([]);
  });
});
