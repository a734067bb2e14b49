import { Drawer, Modal, NativeSelect, Select } from '@mantine/core';
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

describe('the theme’s selects', () => {
  // A screen reader read the arrow drawn at the end of a select as an image with no name, after the
  // header's language and every country field.
  it('hide their arrow from assistive technology', () => {
    const { container } = renderComponent(
      <>
        <NativeSelect label="Language" data={['English', 'Italiano']} />
        <Select label="Country" data={['France', 'Italy']} />
      </>,
    );
    const arrows = [...container.querySelectorAll('svg')];
    expect(arrows).toHaveLength(2);
    expect(arrows.map((arrow) => arrow.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});
