import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Variant = 'standard' | 'refugee';
type Section = { title: string; body: string };

/** The terms and conditions of a registration variant, section by section, from the catalogue. */
export function TermsText({ variant, headingOrder }: { variant: Variant; headingOrder: 2 | 3 }) {
  const { t } = useTranslation();
  const sections: Record<string, Section> = t(`terms.${variant}.sections`, { returnObjects: true });
  return (
    <Stack gap="md">
      {Object.entries(sections).map(([key, section]) => (
        <section key={key}>
          <Title order={headingOrder} size="h4" mb={4}>
            {section.title}
          </Title>
          <Text>{section.body}</Text>
        </section>
      ))}
    </Stack>
  );
}
