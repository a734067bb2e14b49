import { Table, type TableScrollContainerProps } from '@mantine/core';

type Props = Omit<TableScrollContainerProps, 'type'> & {
  /** The table's caption: the name screen readers give the scrolling region. */
  label: string;
};

/**
 * A table wider than a phone, scrolling sideways in its own box with the browser's visible
 * scrollbar so that the page does not. The box takes focus and is a named region, so a keyboard
 * reaches every column whatever the rows hold (WCAG 2.1.1; axe's `scrollable-region-focusable`).
 */
export function ScrollableTable({ label, children, ...props }: Props) {
  return (
    <Table.ScrollContainer type="native" tabIndex={0} role="region" aria-label={label} {...props}>
      {children}
    </Table.ScrollContainer>
  );
}
