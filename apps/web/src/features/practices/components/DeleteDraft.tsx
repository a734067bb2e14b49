import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '@/api';
import { storage } from '@/shared/storage';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showError, showSuccess } from '@/shared/ui/toast';

/** DELETE /practices/{id}: a draft, with its documents, after confirmation. */
export function DeleteDraft({ practiceId }: { practiceId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  const remove = async () => {
    setIsBusy(true);
    try {
      await api.remove('practices', practiceId);
      if (storage.get('draft')?.practiceId === practiceId) storage.remove('draft');
      await navigate('/practices', { replace: true });
      await queryClient.invalidateQueries({ queryKey: ['practices'] });
      showSuccess(t('practice.draftDeleted'));
    } catch (error) {
      showError(errorMessage(error, t));
      setIsBusy(false);
      setIsConfirming(false);
    }
  };

  return (
    <>
      <Button variant="outline" color="red" onClick={() => setIsConfirming(true)} w="fit-content">
        {t('practice.deleteDraft')}
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        title={t('practice.deleteDraftTitle')}
        message={t('wizard.draft.confirmBody')}
        confirmLabel={t('wizard.draft.confirm')}
        onConfirm={() => void remove()}
        onCancel={() => setIsConfirming(false)}
        isBusy={isBusy}
      />
    </>
  );
}
