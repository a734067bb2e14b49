import { Box, Group, Paper, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';

/**
 * Below the navigation breakpoint (phones and tablets, no side navigation) the lists of requests
 * are cards: a table of eight columns does not fit, and its in-table scroll hid the deadline
 * (issue 33). Read at once, as the layout reads the same breakpoint, so the first paint is right.
 */
export function useIsNarrowScreen(): boolean {
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  return isWide === false;
}

/** One fact of a card: its label (a table's column header) and its value. */
export type CardFact = { label: string; value: ReactNode };

export type CardItem = {
  key: number | string;
  /** What names the item, e.g. the link "no. 12". */
  title: ReactNode;
  /** Beside the title, e.g. a selection checkbox. */
  before?: ReactNode;
  /** At the card's top right, e.g. the status badge. */
  badge?: ReactNode;
  /**
   * Under the title, from the card's left edge across its width: a status said in a line of its
   * own (the staff's status line), too long for the top right of a phone's card.
   */
  status?: ReactNode;
  /** Lines under the title, in this order. */
  lines?: readonly ReactNode[];
  facts: readonly CardFact[];
  /** Under the facts, in full view: what can be done with the item (e.g. a document's buttons). */
  actions?: ReactNode;
};

type Props = {
  /** The list's name, shown above it whole (a table's caption). */
  caption: string;
  items: readonly CardItem[];
  /** Above the list, under its caption: e.g. the box that selects every item. */
  header?: ReactNode;
};

/** A table's rows as a list of cards, each with its facts as label–value pairs. */
export function CardList({ caption, items, header }: Props) {
  const captionId = useId();
  return (
    <Box>
      <Text id={captionId} size="sm" mb="xs">
        {caption}
      </Text>
      {header}
      <Box
        component="ul"
        aria-labelledby={captionId}
        m={0}
        p={0}
        style={{
          listStyle: 'none',
          display: 'flex',
          flexDirection: 'column',
          gap: 'var(--mantine-spacing-sm)',
        }}
      >
        {items.map((item) => (
          <Paper component="li" key={item.key} withBorder p="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Group gap="xs" wrap="nowrap">
                {item.before}
                {item.title}
              </Group>
              {item.badge}
            </Group>
            {item.status && <Box mt={4}>{item.status}</Box>}
            {item.lines?.map((line, index) => (
              <Text key={index} size="sm">
                {line}
              </Text>
            ))}
            <Box
              component="dl"
              mt="xs"
              mb={0}
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
                gap: 'var(--mantine-spacing-xs)',
              }}
            >
              {item.facts.map((fact) => (
                <div key={fact.label}>
                  <Text component="dt" size="xs" c="dimmed">
                    {fact.label}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {fact.value}
                  </Text>
                </div>
              ))}
            </Box>
            {item.actions && (
              <Group gap="xs" mt="sm">
                {item.actions}
              </Group>
            )}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
