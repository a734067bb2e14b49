import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/api/errors';
import { PageHeading } from '@/shared/ui/PageHeading';

/** The API's answer for a request that is not the applicant's to see: none, or another's (404); or a malformed id. */
export const isNotFound = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 422);

/** Whether an address's id can name a request at all (`/practices/abc`, `/practices/0` cannot). */
export const isRequestId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * No such request of the applicant's (another's answers the same), or an address that names none:
 * said so, with the way back to the list, on the request's page and on its appeal page alike.
 */
export function PracticeNotFound({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" align="flex-start">
      <PageHeading>
        {isRequestId(id) ? t('practice.notFound.title', { id }) : t('practice.notFound.titleNoId')}
      </PageHeading>
      <Text>{t('practice.notFound.body')}</Text>
      <Button component={Link} to="/practices">
        {t('practice.notFound.back')}
      </Button>
    </Stack>
  );
}
