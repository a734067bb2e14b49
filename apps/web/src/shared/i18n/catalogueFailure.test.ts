import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_FAILURE, showCatalogueFailure } from './catalogueFailure';

afterEach(() => {
  vi.doUnmock('./locales/en-US');
  document.querySelectorAll('[role=alert]').forEach((element) => element.remove());
});

describe('a language file that does not come', () => {
  it('is told apart from one that came, after i18nReady', async () => {
    vi.resetModules();
    const loaded = await import('.');
    await loaded.i18nReady;
    expect(loaded.hasStartCatalogue()).toBe(true);

    vi.doMock('./locales/en-US', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    vi.resetModules();
    const failed = await import('.');
    await failed.i18nReady.catch(() => undefined);
    expect(failed.hasStartCatalogue()).toBe(false);
    // Its keys are all the app could show: the failure's words are built in instead.
    expect(failed.i18n.t('nav.login')).toBe('nav.login');
  });

  it('is said in plain words in the visitor’s language, with a button that tries again', async () => {
    const retry = vi.fn();
    showCatalogueFailure('it-IT', retry);
    const notice = screen.getByRole('alert');
    expect(notice.lang).toBe('it-IT');
    expect(screen.getByRole('heading', { name: 'Non è stato possibile caricare la pagina' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(retry).toHaveBeenCalledTimes(1);
    notice.remove();

    showCatalogueFailure('en-US', retry);
    expect(screen.getByRole('heading', { name: CATALOGUE_FAILURE['en-US'].title })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
