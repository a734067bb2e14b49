import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { usePageTitle } from './usePageTitle';

type Props = {
  children: string;
  /** Takes focus when shown: a new step or result on the same page, announced by its heading. */
  focusOnMount?: boolean;
};

/** The page's one h1, also used as the browser tab title. */
export function PageHeading({ children, focusOnMount = false }: Props) {
  usePageTitle(children);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    // Focusable by script (here, and by the layouts when the router opens a page), not by Tab.
    // Its margin below is app.css's: none in a Stack, whose gap already spaces it.
    <Title order={1} className="page-heading" ref={ref} tabIndex={-1}>
      {children}
    </Title>
  );
}
