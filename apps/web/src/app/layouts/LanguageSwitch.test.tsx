import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { storage } from '@/shared/storage';
import { renderApp } from '@/test/renderApp';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18n.changeLanguage('en-US');
});

describe('language switch', () => {
  it('turns the page into Italian, remembers the choice and sets <html lang>', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Recognition of foreign qualifications' }),
    ).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'it-IT');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riconoscimento dei titoli di studio esteri' }),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Lingua' })).toBeTruthy();
    expect(storage.get('language')).toBe('it-IT');
    expect(document.documentElement.lang).toBe('it-IT');
  });
});
