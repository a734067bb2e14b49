import { type CreatedShareLink, isoDateSchema, type ShareLink, validationMessage } from '@lisbon/domain';
import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { DateField } from '@/shared/forms/DateField';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/errorMessage';
import { createShareLink, revokeShareLink, shareLinksQuery } from '../api/shareLinks';

const STATE_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

/**
 * The applicant's share links to the statement's verification page: make one (with an optional
 * last day), copy it once, see the others and revoke any. Whoever opens a link sees the
 * statement's facts (name partly hidden) and can download the PDF to verify it.
 */
export function ShareLinks({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const links = useQuery(shareLinksQuery(practiceId));
  const [expiresOn, setExpiresOn] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: shareLinksQuery(practiceId).queryKey });

  const create = useMutation({
    mutationFn: () => createShareLink(practiceId, { expires_on: expiresOn === '' ? null : expiresOn }),
    onMutate: () => {
      setFieldError(null);
      setCreated(null);
    },
    onSuccess: async (link) => {
      setCreated(link);
      setExpiresOn('');
      await refresh();
    },
    onError: async (error) => {
      const message = isApiError(error) ? error.errors?.expires_on?.[0] : undefined;
      if (message) setFieldError(message);
      // At the cap, the list shows every working link (some made in another tab, say) to revoke one.
      if (isApiError(error) && error.code === 'SHARE_LINKS_LIMIT') await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (link: ShareLink) => revokeShareLink(practiceId, link.id),
    onSuccess: async (link) => {
      if (created?.id === link.id) setCreated(null);
      await refresh();
    },
  });
  const failure =
    (create.isError && !fieldError ? create.error : null) ?? (revoke.isError ? revoke.error : null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="share-links-title">
      <Title order={3} id="share-links-title">
        {t('sharing.title')}
      </Title>
      <Text size="sm">{t('sharing.intro')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // A last day typed that is no date is named here, not sent.
          if (expiresOn !== '' && !isoDateSchema.safeParse(expiresOn).success) {
            setFieldError(validationMessage('dateInvalid', locale));
            return;
          }
          create.mutate();
        }}
      >
        <Group align="flex-end" gap="sm">
          <DateField
            label={t('sharing.expiresOn')}
            description={t('sharing.expiresOnHelp')}
            value={expiresOn}
            onChange={(value) => {
              setExpiresOn(value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          <Button type="submit" loading={create.isPending}>
            {t('sharing.create')}
          </Button>
        </Group>
      </form>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(failure, t)}
        </Alert>
      )}
      <div role="status" aria-live="polite">
        {created && (
          <Alert color="green" variant="light">
            <Text fw={700} mb={4}>
              {t('sharing.created')}
            </Text>
            <Text size="sm" mb="xs">
              {t('sharing.createdHelp')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code aria-label={t('sharing.address')} style={{ wordBreak: 'break-all' }}>
                {created.url}
              </Code>
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t('sharing.copied') : t('sharing.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
      </div>
      {links.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(links.error, t)}
        </Alert>
      )}
      {links.data && links.data.length === 0 && <Text size="sm">{t('sharing.none')}</Text>}
      {links.data && links.data.length > 0 && (
        <Table>
          <Table.Caption>{t('sharing.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('sharing.createdAt')}</Table.Th>
              <Table.Th scope="col">{t('sharing.expiry')}</Table.Th>
              <Table.Th scope="col">{t('sharing.state')}</Table.Th>
              <Table.Th scope="col">
                <span className="visually-hidden">{t('sharing.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.data.map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>{formatDate(link.created_at, locale)}</Table.Td>
                <Table.Td>
                  {link.expires_on ? formatDate(link.expires_on, locale) : t('sharing.noExpiry')}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[link.state]} variant="dot">
                    {t(`sharing.states.${link.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {link.state === 'active' && (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red"
                      loading={revoke.isPending && revoke.variables.id === link.id}
                      onClick={() => revoke.mutate(link)}
                      aria-label={t('sharing.revokeLabel', { date: formatDate(link.created_at, locale) })}
                    >
                      {t('sharing.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
