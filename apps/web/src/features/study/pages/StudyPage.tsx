import { countryName, type StudyEntry, type StudyEntryInput } from '@lisbon/domain';
import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { useCurrentUser } from '@/shared/session/currentUser';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoader } from '@/shared/ui/PageLoader';
import { showError, showSuccess } from '@/shared/ui/toast';
import { addStudyEntry, changeStudyEntry, removeStudyEntry, studyEntriesQuery } from '../api/study';
import { StudyEntryForm } from '../components/StudyEntryForm';

/** `/study`, My study path: the applicant's qualifications, reused by the request wizard. */
export function StudyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id ?? 0;
  const entries = useQuery({ ...studyEntriesQuery(userId), enabled: userId > 0 });
  // undefined: no form; null: a new entry; an entry: that entry.
  const [editing, setEditing] = useState<StudyEntry | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<StudyEntry | null>(null);

  const updated = async () => {
    await queryClient.invalidateQueries({ queryKey: ['study', userId] });
    showSuccess(t('study.updated'));
  };
  const save = async (input: StudyEntryInput) => {
    if (editing) await changeStudyEntry(userId, editing.id, input);
    else await addStudyEntry(userId, input);
    setEditing(undefined);
    await updated();
  };
  const remove = async () => {
    if (!toDelete) return;
    try {
      await removeStudyEntry(userId, toDelete.id);
      await updated();
    } catch (error) {
      showError(errorMessage(error, t));
    } finally {
      setToDelete(null);
    }
  };

  let content;
  if (entries.isPending) content = <PageLoader />;
  else if (entries.isError)
    content = (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(entries.error, t)}
      </Alert>
    );
  else if (entries.data.length === 0) content = <Text>{t('study.none')}</Text>;
  else
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2 }} component="ul" className="plain-list">
        {entries.data.map((entry) => (
          <Card key={entry.id} withBorder component="li" padding="lg">
            <Title order={2} size="h4" mb={4}>
              {entry.qualification_name}
            </Title>
            <Text>{t(`labels.level.${entry.level}`)}</Text>
            <Text>
              {[
                entry.institution_name,
                entry.institution_city,
                countryName(entry.institution_country, locale),
              ]
                .filter(Boolean)
                .join(', ')}
            </Text>
            {entry.study_program_name && <Text>{entry.study_program_name}</Text>}
            {(entry.enrolled_at || entry.graduated_at) && (
              <Text size="sm">
                {[entry.enrolled_at, entry.graduated_at]
                  .map((date) => (date ? formatDate(date, locale) : '…'))
                  .join(' – ')}
              </Text>
            )}
            <Group gap="xs" mt="sm">
              <Button size="xs" variant="light" onClick={() => setEditing(entry)}>
                {t('study.edit')}
                <span className="visually-hidden"> {entry.qualification_name}</span>
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(entry)}>
                {t('study.delete')}
                <span className="visually-hidden"> {entry.qualification_name}</span>
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeading>{t('study.title')}</PageHeading>
      <Text size="lg">{t('study.intro')}</Text>
      <Button onClick={() => setEditing(null)} w="fit-content">
        {t('study.add')}
      </Button>
      {content}
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={t(editing ? 'study.editTitle' : 'study.addTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {editing !== undefined && (
          <StudyEntryForm entry={editing} onSave={save} onCancel={() => setEditing(undefined)} />
        )}
      </Modal>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('study.deleteTitle')}
        message={t('study.deleteMessage', { name: toDelete?.qualification_name ?? '' })}
        confirmLabel={t('study.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
