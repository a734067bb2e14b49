import { Card, SimpleGrid, Text, Title } from '@mantine/core';

export type InfoCard = { title: string; body: string };

/** A grid of titled paragraphs, one card each, under a section's h2. */
type Props = { cards: readonly InfoCard[]; columns?: 2 | 3 };

export function InfoCards({ cards, columns = 3 }: Props) {
  return (
    // As many to a row as fit at a width in rem, up to `columns` (app.css's .info-cards): with the
    // text enlarged fewer stand to a row, rather than cut their titles at the card’s edge.
    <SimpleGrid
      spacing="md"
      component="ul"
      className="plain-list info-cards"
      style={{ '--info-cards-columns': columns }}
    >
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
