import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { CountrySelect } from './CountrySelect';

afterEach(cleanup);

function Controlled({ onChange }: { onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>('IT');
  return (
    <CountrySelect
      label="Country of residence"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('country select', () => {
  it('suggests countries only from the second character typed, accents ignored', async () => {
    renderComponent(<CountrySelect label="Country of birth" />);
    const input = screen.getByLabelText('Country of birth', { selector: 'input' });

    await userEvent.type(input, 'a');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeTruthy();
    // The message itself is the one option, which cannot be chosen.
    expect(screen.queryAllByRole('option').map((option) => option.getAttribute('aria-disabled'))).toEqual([
      'true',
    ]);

    await userEvent.type(input, 'land');
    expect(screen.getByRole('option', { name: 'Åland Islands' })).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'curac');
    expect(screen.getByRole('option', { name: 'Curaçao' })).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No country matches what you typed')).toBeTruthy();
  });

  it('keeps the country when the selected one is picked again (issue 14)', async () => {
    const onChange = vi.fn();
    renderComponent(<Controlled onChange={onChange} />);
    const input = screen.getByLabelText('Country of residence', { selector: 'input' });
    expect((input as HTMLInputElement).value).toBe('Italy');

    await userEvent.tripleClick(input);
    await userEvent.keyboard('Ita');
    await userEvent.click(await screen.findByRole('option', { name: 'Italy' }));

    expect((input as HTMLInputElement).value).toBe('Italy');
    expect(onChange).not.toHaveBeenCalledWith(null);
  });

  it('passes axe with an empty list, before and after searching (issue 14)', async () => {
    renderComponent(<CountrySelect label="Country of birth" />);
    const input = screen.getByLabelText('Country of birth', { selector: 'input' });
    const blocking = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);

    await userEvent.type(input, 'a');
    await screen.findByText('Type at least 2 characters to search');
    expect(await blocking()).toEqual([]);

    await userEvent.type(input, 'zz');
    await screen.findByText('No country matches what you typed');
    expect(await blocking()).toEqual([]);
  });
});
