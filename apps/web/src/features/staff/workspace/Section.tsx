import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of the workspace, named by its h2. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}
