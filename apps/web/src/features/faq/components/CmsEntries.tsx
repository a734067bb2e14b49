import type { CmsEntry } from '@lisbon/domain';
import { Accordion, Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageLoader } from '@/shared/ui/PageLoader';

/** A path of the portal written in the text, such as `/verify`: the page it names, as a link. */
const SITE_PATH = /(?<=^|[\s(])(\/[a-z][a-z0-9/-]*[a-z0-9])/g;

/** A paragraph whose portal paths are links to their pages. */
function WithLinks({ text }: { text: string }) {
  return text.split(SITE_PATH).map((part, index) =>
    // split() with a capture group puts the paths at the odd places.
    index % 2 === 1 ? (
      <Anchor key={index} component={Link} to={part}>
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
}

/** Plain text whose blank lines separate paragraphs (the CMS body format). */
function Paragraphs({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, index) => (
      <Text key={index} mb="sm">
        <WithLinks text={paragraph} />
      </Text>
    ));
}

/** One list of CMS entries as an accordion, with its loading, error and empty states. */
export function CmsEntries({
  query,
  none,
}: {
  query: UseQueryResult<CmsEntry[]>;
  /** What an empty list says is missing, in its own words. */
  none: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{errorMessage(query.error, t)}</Text>
          <Button variant="outline" color="red" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.data.length === 0) return <Text>{none}</Text>;
  return (
    <Accordion variant="separated" multiple order={3}>
      {query.data.map((entry) => (
        <Accordion.Item key={entry.id} value={String(entry.id)}>
          <Accordion.Control>{entry.content.title}</Accordion.Control>
          <Accordion.Panel>
            <Paragraphs text={entry.content.body} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
