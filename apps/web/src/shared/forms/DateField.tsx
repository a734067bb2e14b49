import { formatDayMonthYear, isoDateSchema, parseDayMonthYear } from '@lisbon/domain';
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  /** ISO `YYYY-MM-DD`; '' (or none) when empty; the text itself while what is typed is not a date. */
  value?: string | undefined;
  onChange: (value: string) => void;
};

/** What a value looks like in the field: an ISO day as dd/mm/yyyy, anything else as it is. */
const shown = (value: string) => (isoDateSchema.safeParse(value).success ? formatDayMonthYear(value) : value);

/**
 * What a typed text stands for: '' when blank, ISO when a date, else the text (a schema refuses
 * it). A day typed year first ("1990-03-04", pasted from elsewhere) cannot be misread: it is kept.
 */
const read = (text: string) => (text.trim() === '' ? '' : (parseDayMonthYear(text) ?? text));

/**
 * Every date a person types (decision 060): a text field read as dd/mm/yyyy ("gg/mm/aaaa" in
 * Italian, said in the label) by the domain's `parseDayMonthYear`, holding an ISO day for the
 * form and the API. A text that is no date is passed on as typed, so the form's schema refuses
 * it with 'Date not valid' on submit; the field adds no message of its own on leaving, which would
 * move what the pointer is about to click. No browser date picker: its format follows the
 * browser's language, not the page's.
 */
export function DateField({ value = '', onChange, onBlur, label, ...props }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => shown(value));
  const [seen, setSeen] = useState(value);
  // A value changed from outside (a reset, an entry copied in) replaces what was typed; a value the
  // owner did not take (a filter waiting for a whole date) leaves the text as it is.
  if (value !== seen) {
    setSeen(value);
    if (value !== read(text)) setText(shown(value));
  }

  const leave = (event: FocusEvent<HTMLInputElement>) => {
    const typed = read(text);
    // "1/3/2020" is written back as "01/03/2020": what the field holds is plain to read.
    if (isoDateSchema.safeParse(typed).success) setText(formatDayMonthYear(typed));
    onBlur?.(event);
  };

  return (
    <TextInput
      {...props}
      type="text"
      label={
        <>
          {label}{' '}
          <Text span inherit fw={400}>
            ({t('common.dateFormat')})
          </Text>
        </>
      }
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(read(next));
      }}
      onBlur={leave}
      autoComplete={props.autoComplete ?? 'off'}
      spellCheck={false}
    />
  );
}
