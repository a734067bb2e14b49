import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One block of the account settings, named by its h3. */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" id={id} aria-labelledby={`${id}-title`}>
      {/* Focusable by script: a link to the section (#id) puts the focus on its heading. */}
      <Title order={3} id={`${id}-title`} mb="sm" tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
