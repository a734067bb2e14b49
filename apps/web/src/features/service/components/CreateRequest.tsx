import { applicableService, type EducationLevel } from '@lisbon/domain';
import { Button, Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/api';
import { useCurrentUser } from '@/shared/session/currentUser';
import { errorMessage } from '@/shared/ui/errorMessage';
import { FormAlert } from '@/shared/ui/FormAlert';
import { useDiscovery } from '../api/discovery';
import { createPractice, useStoreDraft } from '../api/practices';

type Props = { country: string; level: EducationLevel; replaceDraft: boolean };

/** Starts the draft for the chosen service, with urgent processing where the service offers it. */
export function CreateRequest({ country, level, replaceDraft }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storeDraft = useStoreDraft();
  const user = useCurrentUser().data;
  const discovery = useDiscovery(country, level).data;
  const service = discovery && applicableService(discovery, user?.category === 'refugee');
  const [isUrgent, setIsUrgent] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const create = async () => {
    setFailure(null);
    setIsBusy(true);
    try {
      const draft = await createPractice({
        country,
        level,
        is_urgent: isUrgent && Boolean(service?.urgent_price),
        replace_draft: replaceDraft,
      });
      storeDraft(draft);
      await navigate(`/service/new/${draft.wizard_step}`);
    } catch (error) {
      // 409 LIMIT_REACHED says 'Limit reached'; a 422 on the country says 'No service available'.
      setFailure(
        isApiError(error) && error.status === 422 && error.errors?.country
          ? t('validation.noServiceAvailable')
          : errorMessage(error, t),
      );
      setIsBusy(false);
    }
  };

  return (
    <Stack gap="sm" align="flex-start">
      <FormAlert message={failure} />
      {service?.urgent_price && service.urgent_working_days && (
        <Checkbox
          label={t('wizard.start.urgent', { days: service.urgent_working_days })}
          checked={isUrgent}
          onChange={(event) => setIsUrgent(event.currentTarget.checked)}
        />
      )}
      <Button size="md" onClick={() => void create()} loading={isBusy}>
        {t(replaceDraft ? 'wizard.start.createReplacing' : 'wizard.start.create')}
      </Button>
    </Stack>
  );
}
