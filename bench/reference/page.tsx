// The Lighthouse bench's reference page (scenarios/lighthouse.ts): the floor of the portal's stack,
// React 19 and Mantine's provider around a heading, a link and a button. Rendered at build time
// with react-dom/static and hydrated with hydrateRoot (main.tsx), as the portal's public pages are.
import { Anchor, Button, Container, MantineProvider, Stack, Title } from '@mantine/core';
import { useState } from 'react';

export function ReferencePage() {
  const [count, setCount] = useState(0);
  return (
    <MantineProvider forceColorScheme="light" theme={{ primaryShade: 8 }}>
      <main>
        <Container size={560} py="xl">
          <Stack>
            <Title order={1}>Recognition of foreign qualifications</Title>
            <Anchor href="/faq">Frequently asked questions</Anchor>
            <Button onClick={() => setCount(count + 1)}>Pressed {count} times</Button>
          </Stack>
        </Container>
      </main>
    </MantineProvider>
  );
}
