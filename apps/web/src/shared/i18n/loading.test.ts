import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../storage';
import { changeLocale, i18n } from '.';
import { areaEn } from './locales/area.en-US';
import { areaIt } from './locales/area.it-IT';
import { itIT } from './locales/it-IT';
import { termsEn } from './locales/terms.en-US';
import { termsIt } from './locales/terms.it-IT';

const hasCatalogue = (instance: typeof i18n, locale: string) =>
  instance.hasResourceBundle(locale, 'translation');

afterEach(async () => {
  await changeLocale('en-US');
  storage.remove('language');
});

describe('the language in use only (decision 063)', () => {
  it('has fetched the English catalogue alone at start', async () => {
    // A start of its own: the file's first import has had Italian fetched by any test before this one.
    storage.remove('language');
    document.cookie = 'lisbon-language=; path=/; max-age=0';
    document.documentElement.lang = 'en-US';
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('en-US');
    expect(hasCatalogue(fresh.i18n, 'en-US')).toBe(true);
    expect(hasCatalogue(fresh.i18n, 'it-IT')).toBe(false);
  });

  it('fetches the Italian catalogue when Italian is chosen, then speaks it', async () => {
    await changeLocale('it-IT');
    expect(hasCatalogue(i18n, 'it-IT')).toBe(true);
    expect(i18n.t('nav.login')).toBe(itIT.nav.login);
    expect(document.documentElement.lang).toBe('it-IT');
    expect(storage.get('language')).toBe('it-IT');
  });

  it('starts in the language of the last visit, fetching that catalogue and not the other', async () => {
    storage.set('language', 'it-IT');
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('it-IT');
    expect(hasCatalogue(fresh.i18n, 'it-IT')).toBe(true);
    expect(hasCatalogue(fresh.i18n, 'en-US')).toBe(false);
    expect(fresh.i18n.t('nav.login')).toBe(itIT.nav.login);
  });

  it('starts in the language of the cookie the server read when storage has none', async () => {
    // The server sent the page in Italian from the cookie; storage was cleared since.
    document.cookie = 'lisbon-language=it-IT; path=/';
    storage.remove('language');
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('it-IT');
    expect(document.cookie).toContain('lisbon-language=it-IT');
    // A language that is not one of the portal's is ignored: the page's (here the default) stands.
    document.cookie = 'lisbon-language=xx-XX; path=/';
    document.documentElement.lang = 'en-US';
    vi.resetModules();
    const other = await import('.');
    await other.i18nReady;
    expect(other.i18n.language).toBe('en-US');
    document.cookie = 'lisbon-language=en-US; path=/';
  });

  it('starts, before any choice, in the language the server sent the page in (decision 099)', async () => {
    // A pre-rendered page chosen by the browser's Accept-Language: no storage, no cookie.
    storage.remove('language');
    document.cookie = 'lisbon-language=; path=/; max-age=0';
    document.documentElement.lang = 'it-IT';
    try {
      vi.resetModules();
      const fresh = await import('.');
      await fresh.i18nReady;
      expect(fresh.i18n.language).toBe('it-IT');
      // Nothing is stored until the visitor chooses.
      expect(storage.get('language')).toBeNull();
      // A choice made wins over the page's language.
      document.cookie = 'lisbon-language=en-US; path=/';
      vi.resetModules();
      const chosen = await import('.');
      await chosen.i18nReady;
      expect(chosen.i18n.language).toBe('en-US');
    } finally {
      document.documentElement.lang = 'en-US';
    }
  });

  it("fetches the logged-in area's texts only when a page behind a login asks, then with every language", async () => {
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    expect(fresh.i18n.exists('staff.queue.navCount_one')).toBe(false);
    await fresh.loadAreaTexts();
    expect(fresh.i18n.t('staff.queue.navCount', { count: 1 })).toBe(
      areaEn.staff.queue.navCount_one.replace('{{count}}', '1'),
    );
    await fresh.changeLocale('it-IT');
    expect(fresh.i18n.t('account.settings.title')).toBe(areaIt.account.settings.title);
  });

  it('gives a language used before the login the area’s texts when it is chosen again after it', async () => {
    // Italian on the login page, English once logged in (the profile's), Italian chosen again.
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    await fresh.changeLocale('it-IT');
    await fresh.changeLocale('en-US');
    await fresh.loadAreaTexts();
    await fresh.changeLocale('it-IT');
    expect(fresh.i18n.t('staff.queueTitles.assigned')).toBe(areaIt.staff.queueTitles.assigned);
    expect(fresh.i18n.t('account.settings.title')).toBe(areaIt.account.settings.title);
  });

  it('fetches the terms only for the pages that show them, then with every language (decision 079)', async () => {
    vi.resetModules();
    const fresh = await import('.');
    await fresh.i18nReady;
    expect(fresh.i18n.exists('terms.standard.title')).toBe(false);
    await fresh.loadTexts('terms');
    expect(fresh.i18n.t('terms.standard.title')).toBe(termsEn.terms.standard.title);
    await fresh.changeLocale('it-IT');
    expect(fresh.i18n.t('terms.standard.title')).toBe(termsIt.terms.standard.title);
    expect(fresh.i18n.exists('staff.queue.navCount_one')).toBe(false);
  });
});
