import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A part of the workspace, named by its h2 (focusable by script: where focus goes after a move). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Title order={2} id={`${id}-title`} mb="sm" tabIndex={-1}>
        {title}
      </Title>
      {children}
    </section>
  );
}
