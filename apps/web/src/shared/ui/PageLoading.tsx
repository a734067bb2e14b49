import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './errorMessage';
import { PageHeading } from './PageHeading';
import { PageLoader } from './PageLoader';

/**
 * A page whose content is on its way, or failed to come (`error`): its heading stays, the loader
 * or the failure under it, so that a screen reader finds the page it is on by its h1 (and its tab
 * title) while it loads, as once it is there.
 */
export function PageLoading({ title, error }: { title: string; error?: unknown }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeading>{title}</PageHeading>
      {error === undefined ? (
        <PageLoader />
      ) : (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(error, t)}
        </Alert>
      )}
    </Stack>
  );
}
