import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  to: string;
  /** The link's full name, e.g. "Request no. 12": it must contain the visible text. */
  name: string;
  children: ReactNode;
};

/**
 * The link that names a table row, such as "no. 12" under "Request": its full name for assistive
 * technology, and a target at least 24 px high and wide, "#1" included (WCAG 2.5.8). The full name was once a visually
 * hidden text before the number; its clipped 1 px box came first among the link's boxes, and a
 * click aimed at it met the row header instead of the link (issue 14).
 */
export function RowLink({ to, name, children }: Props) {
  return (
    <Anchor component={Link} to={to} aria-label={name} display="inline-block" py={4} miw={24}>
      {children}
    </Anchor>
  );
}
