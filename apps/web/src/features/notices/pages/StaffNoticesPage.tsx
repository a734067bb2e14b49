import { Alert, Stack, Switch, Table, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n';
import { formatDateTime } from '@/shared/format';
import { useCurrentUser } from '@/shared/session/currentUser';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { errorMessage } from '@/shared/ui/errorMessage';
import { PageHeading } from '@/shared/ui/PageHeading';
import { PageLoading } from '@/shared/ui/PageLoading';
import { showError, showSuccess } from '@/shared/ui/toast';
import { maintenanceQuery, noticesQuery, switchMaintenance } from '../api/notices';
import { ClosuresSection, SuspensionsSection } from '../components/CalendarSections';

/**
 * `/staff/notices`: the maintenance switch and the body's calendar (closures, return-delivery
 * suspension windows); administrators change them, other staff read them.
 */
export function StaffNoticesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const isAdmin = useCurrentUser().data?.abilities['staff.manage'] === true;
  const maintenance = useQuery(maintenanceQuery());
  const [isSaving, setSaving] = useState(false);
  // Switching on takes the public portal away from applicants at once: asked first, not set by a slip.
  const [isConfirmingOn, setIsConfirmingOn] = useState(false);

  const toggle = async (isOn: boolean) => {
    setSaving(true);
    try {
      queryClient.setQueryData(maintenanceQuery().queryKey, await switchMaintenance(isOn));
      await queryClient.invalidateQueries({ queryKey: noticesQuery().queryKey, exact: true });
      showSuccess(t(isOn ? 'notices.staff.switchedOn' : 'notices.staff.switchedOff'));
    } catch (error) {
      showError(errorMessage(error, t));
    } finally {
      setSaving(false);
      setIsConfirmingOn(false);
    }
  };

  if (!maintenance.data) return <PageLoading title={t('notices.staff.title')} />;
  const state = maintenance.data;
  const isConfigured = state.source === 'configuration';

  return (
    <Stack gap="lg">
      <PageHeading>{t('notices.staff.title')}</PageHeading>

      <Stack gap="sm" component="section" aria-labelledby="maintenance-heading">
        <Title order={2} size="h3" id="maintenance-heading">
          {t('notices.staff.maintenanceHeading')}
        </Title>
        <Switch
          label={t('notices.staff.switchLabel')}
          description={t(isAdmin ? 'notices.staff.switchHelp' : 'notices.staff.adminsOnly')}
          checked={state.is_on}
          disabled={!isAdmin || isConfigured || isSaving}
          // Switching off gives the portal back: nothing to confirm.
          onChange={(event) => (event.currentTarget.checked ? setIsConfirmingOn(true) : void toggle(false))}
        />
        <ConfirmDialog
          opened={isConfirmingOn}
          title={t('notices.staff.confirmOnTitle')}
          message={t('notices.staff.confirmOn')}
          confirmLabel={t('notices.staff.confirmOnLabel')}
          isBusy={isSaving}
          onCancel={() => setIsConfirmingOn(false)}
          onConfirm={() => void toggle(true)}
        />
        {isConfigured && <Alert color="gray">{t('notices.staff.configured')}</Alert>}
        {state.changes.length > 0 && (
          <Table striped withTableBorder>
            <Table.Caption>{t('notices.staff.changesCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('notices.staff.when')}</Table.Th>
                <Table.Th scope="col">{t('notices.staff.who')}</Table.Th>
                <Table.Th scope="col">{t('notices.staff.what')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.changes.map((change) => (
                <Table.Tr key={change.changed_at}>
                  <Table.Td>{formatDateTime(change.changed_at, locale)}</Table.Td>
                  <Table.Td>{change.changed_by ?? '—'}</Table.Td>
                  <Table.Td>
                    {t(change.is_on ? 'notices.staff.turnedOn' : 'notices.staff.turnedOff')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <ClosuresSection isAdmin={isAdmin} />
      <SuspensionsSection isAdmin={isAdmin} />
    </Stack>
  );
}
