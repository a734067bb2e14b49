import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/shared/i18n';
import { renderComponent } from '@/test/renderComponent';
import { DateField } from './DateField';

afterEach(async () => {
  cleanup();
  await changeLocale('en-US');
});

/** A field whose owner keeps every value it is given, as a form does. */
function Kept({ initial = '', onChange }: { initial?: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Date of birth"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

describe('the date field', () => {
  it('says its format in the label, in the language of the page', async () => {
    renderComponent(<DateField label="Date of birth" value="" onChange={() => undefined} />);
    expect(screen.getByLabelText('Date of birth (dd/mm/yyyy)')).toBeTruthy();
    await act(() => changeLocale('it-IT'));
    expect(screen.getByLabelText('Date of birth (gg/mm/aaaa)')).toBeTruthy();
  });

  it('is a text field, not a browser date picker, and shows an ISO value as dd/mm/yyyy', () => {
    renderComponent(<DateField label="Last day" value="2026-03-31" onChange={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>(/^Last day/);
    expect(input.type).toBe('text');
    expect(input.value).toBe('31/03/2026');
  });

  it('hands on the ISO day once the typed text is a date, day first', async () => {
    const onChange = vi.fn();
    renderComponent(<Kept onChange={onChange} />);
    await userEvent.type(screen.getByLabelText(/^Date of birth/), '04/03/1990');
    expect(onChange).toHaveBeenLastCalledWith('1990-03-04');
  });

  it('hands on a text that is no date as typed, so the form refuses it', async () => {
    const onChange = vi.fn();
    renderComponent(<Kept onChange={onChange} />);
    await userEvent.type(screen.getByLabelText(/^Date of birth/), '31/02/2020');
    expect(onChange).toHaveBeenLastCalledWith('31/02/2020');
  });

  it('reads a date typed month first, as a US date picker writes it, as no date', async () => {
    const onChange = vi.fn();
    renderComponent(<Kept onChange={onChange} />);
    await userEvent.type(screen.getByLabelText(/^Date of birth/), '12/31/2020');
    expect(onChange).toHaveBeenLastCalledWith('12/31/2020');
  });

  it("shows its form's message on the field, linked to it, and passes axe", async () => {
    renderComponent(
      <DateField
        label="Date of birth"
        value="12/31/2020"
        onChange={() => undefined}
        error="Date not valid"
      />,
    );
    const input = screen.getByLabelText(/^Date of birth/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toContain(screen.getByText('Date not valid').id);
    const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('adds no message of its own on leaving, which would move what the pointer is about to click', async () => {
    renderComponent(<Kept onChange={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^Date of birth/), '12/31/2020');
    await userEvent.tab();
    expect(screen.queryByText('Date not valid')).toBeNull();
  });

  it('writes a short date back in full when the field is left', async () => {
    renderComponent(<Kept onChange={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>(/^Date of birth/);
    await userEvent.type(input, '4.3.1990');
    await userEvent.tab();
    expect(input.value).toBe('04/03/1990');
  });

  it('empties when its owner resets the value', async () => {
    renderComponent(<Kept onChange={() => undefined} />);
    const input = screen.getByLabelText<HTMLInputElement>(/^Date of birth/);
    await userEvent.type(input, '04/03/19');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input.value).toBe('');
  });

  it('keeps what is typed when its owner waits for a whole date (a filter)', () => {
    const onChange = vi.fn();
    renderComponent(<DateField label="Deadline" value="" onChange={onChange} />);
    const input = screen.getByLabelText<HTMLInputElement>(/^Deadline/);
    fireEvent.change(input, { target: { value: '12/0' } });
    expect(input.value).toBe('12/0');
    expect(onChange).toHaveBeenLastCalledWith('12/0');
  });
});
