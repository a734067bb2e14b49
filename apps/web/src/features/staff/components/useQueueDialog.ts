import type { WorkspaceNoticeKey } from '@lisbon/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '@/api';
import { errorMessage } from '@/shared/ui/errorMessage';
import { showSuccess } from '@/shared/ui/toast';
import { STAFF_KEY } from '../api/queues';
import { noticeText } from '../api/workspace';

/**
 * What the queue's dialogs on the selected requests share (assign, message the applicants): the
 * call, busy meanwhile; then the queues refreshed, the success message, `onDone` and the dialog
 * closed; or the field errors on the form, any other refusal said in the dialog.
 */
export function useQueueDialog<Body>({
  send,
  notice,
  reset,
  showServerErrors,
  onClose,
  onDone,
  draft,
}: {
  send: (body: Body) => Promise<ApiResult<unknown>>;
  /** The success message when the answer names none. */
  notice: WorkspaceNoticeKey;
  /** Empties the form. */
  reset: () => void;
  /** Puts the API's field errors on the form; false when the refusal has none. */
  showServerErrors: (error: unknown) => boolean;
  onClose: () => void;
  onDone?: (() => void) | undefined;
  /** Keeps what was typed when the dialog is closed unsent; forgets it once sent. */
  draft?: { keep: () => void; forget: () => void };
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const finish = (isSent: boolean) => {
    if (isSent) draft?.forget();
    else draft?.keep();
    reset();
    setFailure(null);
    onClose();
  };
  const close = () => finish(false);
  const run = async (body: Body) => {
    setFailure(null);
    setIsBusy(true);
    try {
      const result = await send(body);
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      showSuccess(noticeText(result.notice?.notice ?? notice));
      onDone?.();
      finish(true);
    } catch (error) {
      if (!showServerErrors(error)) setFailure(errorMessage(error, t));
    } finally {
      setIsBusy(false);
    }
  };
  return { failure, isBusy, close, run };
}
