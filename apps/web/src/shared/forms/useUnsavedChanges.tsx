import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { getSessionToken, storage, unsavedValues } from '../storage';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { FormValues } from './schemaForm';

/**
 * Keeps what was typed in a form and not saved yet (a wizard step, an appeal's motivation) in this
 * browser tab, under the user and `key`, so browser Back, a reload or a session that expired (the
 * login comes back to the page) find it again; it is cleared with `clear()` once the form is saved.
 * Leaving the page with unsaved values asks first (the shared ConfirmDialog; the browser's own
 * question on reload or close). A navigation after the session ended is not held back: the
 * values wait for the login.
 */
export function useUnsavedChanges<Values extends FormValues>(
  form: UseFormReturnType<Values>,
  key: string,
  /**
   * Whether what the form holds is worth keeping and asking about, when the caller knows better
   * than "a value changed" (the document uploader: a name typed or a file chosen, not a type picked
   * in its select alone). Default: the form is dirty.
   */
  isUnsaved?: boolean,
): { clear: () => void; notice: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation();
  const userId = storage.get('auth')?.userId ?? null;
  const storageKey = userId === null ? null : `${userId}.${key}`;
  // What was kept for this form, read as it opens: only the fields it has, and only those that
  // differ from what it opens with. Values kept while only a file was waiting (the uploader's
  // fields as they were offered) bring nothing back: no notice then.
  const [kept] = useState(() => {
    const stored = storageKey === null ? null : unsavedValues.read(storageKey);
    const current = form.getValues();
    const changed = Object.entries(stored ?? {}).filter(
      ([field, value]) => field in current && !isSameValue(value, current[field]),
    );
    return changed.length > 0 ? (Object.fromEntries(changed) as Partial<Values>) : null;
  });
  const [isRestored, setIsRestored] = useState(kept !== null);
  const isDirty = isUnsaved ?? form.isDirty();
  const isDirtyNow = useRef(false);
  useEffect(() => {
    isDirtyNow.current = isDirty;
  }, [isDirty]);

  // Once, as the form opens: the values kept for it come back, unsaved still (the form is dirty).
  const restore = useEffectEvent(() => {
    if (kept) form.setValues(kept);
  });
  useEffect(() => restore(), []);

  const values = form.values;
  useEffect(() => {
    if (storageKey !== null) unsavedValues.write(storageKey, isDirty ? values : null);
  }, [storageKey, values, isDirty]);

  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isDirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      isDirtyNow.current && currentLocation.pathname !== nextLocation.pathname && getSessionToken() !== null,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  const clear = () => {
    isDirtyNow.current = false;
    if (storageKey !== null) unsavedValues.write(storageKey, null);
    form.resetDirty();
    setIsRestored(false);
  };

  const notice = isRestored ? (
    <Alert color="blue" variant="light" role="status">
      {t('unsaved.restored')}
    </Alert>
  ) : null;
  const dialog = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('unsaved.title')}
      message={t('unsaved.message')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      confirmColor="primary"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { clear, notice, dialog };
}

/** Whether a kept value is the one the form holds already (values are JSON: kept in the tab as JSON). */
const isSameValue = (kept: unknown, current: unknown): boolean =>
  JSON.stringify(kept) === JSON.stringify(current ?? null);
