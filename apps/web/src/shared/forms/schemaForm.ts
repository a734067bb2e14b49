import { issueMessage } from '@lisbon/domain';
import { type FormErrors, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { isApiError } from '@/api/errors';

export type FormValues = Record<string, unknown>;

/** Form values as the domain schemas read them: a blank text is no value at all. */
export function blankToNull(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' && value.trim() === '' ? null : value,
    ]),
  );
}

/**
 * The first message of each field the schema refuses, in the spec's words: the domain names the
 * message (`issueMessage`), the catalogue of the language in use words it (`validation.*`, the
 * domain's own words in that language only, decision 079).
 */
export function schemaErrors(schema: z.core.$ZodType, input: unknown, t: TFunction): FormErrors {
  const result = z.safeParse(schema, input, { reportInput: true });
  if (result.success) return {};
  const errors: FormErrors = {};
  // Which message, and its numbers, is known at run time only: i18next's types cannot follow it.
  const word = t as unknown as (key: string, params?: Record<string, unknown>) => string;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const { key, params } = issueMessage(issue);
    errors[path] ??= word(`validation.${key}`, params);
  }
  return errors;
}

/** Moves focus to the first field in error, once React has rendered the messages it points to. */
export function focusFirstError(formName: string, errors: FormErrors): void {
  setTimeout(() => {
    const fields = document.querySelectorAll<HTMLElement>(`[data-path^="${formName}-"]`);
    for (const field of fields) {
      const path = field.dataset.path?.slice(formName.length + 1);
      if (path !== undefined && errors[path]) {
        // A group (radio buttons) carries the path on its wrapper: focus its first control.
        const control = field.matches('input, select, textarea, button')
          ? field
          : field.querySelector<HTMLElement>('input, select, textarea, button');
        (control ?? field).focus();
        return;
      }
    }
  }, 0);
}

type Options<Values extends FormValues, Output> = {
  /** Unique on the page: it scopes the fields for focus. */
  name: string;
  /** Any zod schema, classic or mini: both are parsed through zod/mini's functions. */
  schema: z.core.$ZodType<Output>;
  initialValues: Values;
  /** The schema's input from the form's values; blank text becomes null unless told otherwise. */
  toInput?: (values: Values) => unknown;
};

/**
 * A Mantine form checked by a domain schema, so the browser applies the very rule the API does,
 * and says it with the spec's message in the current language.
 */
export function useSchemaForm<Values extends FormValues, Output>({
  name,
  schema,
  initialValues,
  toInput = blankToNull,
}: Options<Values, Output>) {
  const { i18n, t } = useTranslation();
  const form = useForm<Values>({
    name,
    mode: 'controlled',
    initialValues,
    validate: (values) => schemaErrors(schema, toInput(values), t),
  });

  // Messages on screen follow a change of language.
  const translateErrors = useEffectEvent(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  });
  useEffect(() => translateErrors(), [i18n.language]);

  // Mantine's `loading` disables the submit button while the form is sent, and a disabled button
  // loses focus to the page (WCAG 2.4.3): focus goes back to it once the form is sent, unless
  // something else took focus meanwhile (a field in error) or the button is gone (another page).
  const submitter = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const button = submitter.current;
    if (form.submitting || !button) return;
    submitter.current = null;
    requestAnimationFrame(() => {
      const isLost = document.activeElement === null || document.activeElement === document.body;
      if (isLost && button.isConnected && !button.matches(':disabled')) button.focus();
    });
  }, [form.submitting]);

  /** A submit handler that runs `handler` with the schema's output, or focuses the first error. */
  const submit = (handler: (data: Output) => Promise<void> | void) => {
    const onSubmit = form.onSubmit(
      (values) => {
        const parsed = z.safeParse(schema, toInput(values));
        return parsed.success ? handler(parsed.data) : undefined;
      },
      (errors) => focusFirstError(name, errors),
    );
    return (event?: FormEvent<HTMLFormElement>) => {
      const button = (event?.nativeEvent as Partial<SubmitEvent> | undefined)?.submitter;
      submitter.current = button instanceof HTMLElement && document.activeElement === button ? button : null;
      onSubmit(event);
    };
  };

  /**
   * Shows the API's field errors (422) on the fields of this form; true when there were any.
   * Focus goes to the first of them, unless the form reveals an alert above them (`focus: false`).
   */
  const showServerErrors = (error: unknown, { focus = true }: { focus?: boolean } = {}): boolean => {
    if (!isApiError(error) || error.status !== 422 || !error.errors) return false;
    const values = form.getValues();
    const shown: FormErrors = {};
    for (const [field, messages] of Object.entries(error.errors)) {
      if (field in values && messages[0]) shown[field] = messages[0];
    }
    if (Object.keys(shown).length === 0) return false;
    form.setErrors(shown);
    if (focus) focusFirstError(name, shown);
    return true;
  };

  return { form, submit, showServerErrors };
}
