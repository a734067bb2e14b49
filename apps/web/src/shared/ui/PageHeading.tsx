import { Title } from '@mantine/core';
import { usePageTitle } from './usePageTitle';

/** The page's one h1, also used as the browser tab title. */
export function PageHeading({ children }: { children: string }) {
  usePageTitle(children);
  return (
    <Title order={1} mb="md">
      {children}
    </Title>
  );
}
