import { Table, type TableScrollContainerProps } from '@mantine/core';

type Props = Omit<TableScrollContainerProps, 'type'> & {
  /** The table's caption: the name screen readers give the scrolling region. */
  label: string;
};

/**
 * A table wider than a phone, scrolling sideways in its own box with the browser's visible
 * scrollbar so that the page does not. The box takes focus and is a named region, so a keyboard
 * reaches every column whatever the rows hold (WCAG 2.1.1; axe's `scrollable-region-focusable`).
 * The box is positioned, so text hidden from sight in a cell (a column's name for screen readers,
 * absolutely placed) is held and clipped in it: placed by a box further out, it stood where its
 * column is, past the phone's edge, and the whole page scrolled sideways (the notices page at 320 px).
 */
export function ScrollableTable({ label, children, ...props }: Props) {
  return (
    <Table.ScrollContainer
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      pos="relative"
      {...props}
    >
      {children}
    </Table.ScrollContainer>
  );
}
