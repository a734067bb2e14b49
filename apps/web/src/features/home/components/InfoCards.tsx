import { Card, SimpleGrid, Text, Title } from '@mantine/core';

export type InfoCard = { title: string; body: string };

/** A grid of titled paragraphs, one card each, under a section's h2. */
type Props = { cards: readonly InfoCard[]; columns?: 2 | 3 };

export function InfoCards({ cards, columns = 3 }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: columns }} spacing="md" component="ul" className="plain-list">
      {cards.map((card) => (
        <Card key={card.title} withBorder padding="lg" component="li">
          <Title order={3} size="h4" mb="xs">
            {card.title}
          </Title>
          <Text>{card.body}</Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
