import {
  deleteAccountSchema,
  isSameEmail,
  type PracticeSummary,
  statusWordingOf,
  type User,
} from '@lisbon/domain';
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { useSchemaForm } from '@/shared/forms/schemaForm';
import { endSession } from '@/shared/session/session';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { showSuccess } from '@/shared/ui/toast';
import { useOpenerFocus } from '@/shared/ui/useOpenerFocus';
import { deleteAccount, requestsInProgress } from '../api/account';
import { SettingsSection } from './SettingsSection';

/**
 * Deletion, confirmed by typing the account's own email (spec §5); then logged out, to home. With
 * requests in progress a dialog first says what happens to each and to the fees paid (decision 052).
 * A member of staff to whom requests are still assigned is told by the API's refusal, in the
 * section's alert, that they must be reassigned first (decision 015).
 */
export function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The email typed and the requests a deletion would close, while the dialog asks.
  const [pending, setPending] = useState<{ email: string; requests: PracticeSummary[] } | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const isStaff = user.abilities['staff.workspace'] === true;
  // The button is busy while the requests are read, so Mantine's return of focus would find <body>:
  // the button remembers itself when pressed (Enter in the field presses it too).
  const openerFocus = useOpenerFocus();
  const closeDialog = () => {
    setPending(null);
    openerFocus.giveBack();
  };
  // The API compares the address as the domain reads any email: trimmed, lower case.
  const schema = useMemo(
    () =>
      deleteAccountSchema.check(
        z.refine((value) => isSameEmail(value.email, user.email), {
          message: 'emailMismatch',
          path: ['email'],
        }),
      ),
    [user.email],
  );
  const { form, submit, showServerErrors } = useSchemaForm({
    name: 'delete-account',
    schema,
    initialValues: { email: '' },
  });

  const remove = async (email: string) => {
    setIsDeleting(true);
    try {
      await deleteAccount(user.id, email);
    } catch (error) {
      closeDialog();
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
      return;
    } finally {
      setIsDeleting(false);
    }
    showSuccess(t('messages.accountDeleted'));
    // The account is gone: nothing typed under it stays in this tab either.
    endSession(queryClient, { isForgettingTyped: true });
    await navigate('/', { replace: true });
  };

  const onSubmit = submit(async ({ email }) => {
    setFailure(null);
    // Staff have no requests of their own to close (the list is an applicant's, 403 to them): their
    // deletion is refused instead while requests are assigned to them, in the API's words (decision 015).
    let requests: PracticeSummary[] = [];
    if (!isStaff) {
      try {
        requests = await requestsInProgress();
      } catch (error) {
        setFailure(errorMessage(error, t));
        return;
      }
    }
    if (requests.length === 0) await remove(email);
    else setPending({ email, requests });
  });

  return (
    <SettingsSection id="delete-account" title={t('account.delete.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={480}>
          {/* Staff have no requests, documents or invoices of their own: none is spoken of. */}
          <Text>{t(isStaff ? 'account.delete.explanationStaff' : 'account.delete.explanation')}</Text>
          <FormAlert message={failure} />
          <TextInput
            label={t('account.delete.typeEmail')}
            description={user.email}
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('email')}
          />
          <Button
            onClick={(event) => openerFocus.remember(event.currentTarget)}
            type="submit"
            color="red"
            loading={form.submitting}
            w="fit-content"
          >
            {t('account.delete.submit')}
          </Button>
        </Stack>
      </form>
      <Modal
        opened={pending !== null}
        onClose={closeDialog}
        returnFocus={false}
        title={t('account.delete.inProgressTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm">
          <Text>{t('account.delete.inProgress')}</Text>
          <List>
            {pending?.requests.map((practice) => (
              <List.Item key={practice.id}>
                {t('account.delete.inProgressItem', {
                  id: practice.id,
                  status: t(`labels.status.${statusWordingOf(practice.status_label, practice.appeal_type)}`),
                })}
              </List.Item>
            ))}
          </List>
          <Text>{t('account.delete.feesNotRefunded')}</Text>
          <Text>{t('account.delete.statementsStay')}</Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={closeDialog} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={isDeleting} onClick={() => pending && void remove(pending.email)}>
              {t('account.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
