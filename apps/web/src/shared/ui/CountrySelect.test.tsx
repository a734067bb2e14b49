import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { CountrySelect } from './CountrySelect';

afterEach(cleanup);

describe('country select', () => {
  it('suggests countries only from the second character typed, accents ignored', async () => {
    renderComponent(<CountrySelect label="Country of birth" />);
    const input = screen.getByLabelText('Country of birth', { selector: 'input' });

    await userEvent.type(input, 'a');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await userEvent.type(input, 'land');
    expect(screen.getByRole('option', { name: 'Åland Islands' })).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'curac');
    expect(screen.getByRole('option', { name: 'Curaçao' })).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No items found')).toBeTruthy();
  });
});
