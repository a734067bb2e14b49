import type { StaffPractice, WorkspaceNoticeKey } from '@lisbon/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '@/api';
import { errorMessage } from '@/shared/ui/errorMessage';
import { useApplyChange } from '../api/workspace';

/**
 * Sends one workspace change and applies its answer (workspace, queues, success message);
 * a refusal is shown on its fields when the API names them, else as the form's alert.
 */
export function useChange(notice: WorkspaceNoticeKey, showServerErrors: (error: unknown) => boolean) {
  const { t } = useTranslation();
  const applyChange = useApplyChange();
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const run = async (call: () => Promise<ApiResult<StaffPractice>>, onDone?: () => void) => {
    setFailure(null);
    setIsBusy(true);
    try {
      await applyChange(await call(), notice);
      onDone?.();
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    } finally {
      setIsBusy(false);
    }
  };
  return { run, failure, isBusy };
}
