import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/users';

/** The language modules as a page starting now imports them, with `stored` chosen on the device before. */
async function pageStartingWith(stored: string | null) {
  vi.resetModules();
  localStorage.clear();
  // The language cookie an earlier page of this test run set (the server's copy of the choice).
  document.cookie = 'lisbon-language=; path=/; max-age=0';
  if (stored) localStorage.setItem('lisbon.language', JSON.stringify(stored));
  const i18n = await import('.');
  await i18n.i18nReady;
  return { ...i18n, ...(await import('./languageOffer')) };
}

afterEach(() => localStorage.clear());

describe('a session found at start on a device with no language chosen (issue 33)', () => {
  it("takes the account's language, once: a language chosen after it stays", async () => {
    const page = await pageStartingWith(null);
    expect(page.isLanguageChosenAtStart).toBe(false);
    await page.followAccountLanguageWithoutChoice(testUser({ locale: 'it-IT' }));
    expect(page.currentLocale()).toBe('it-IT');
    await page.changeLocale('en-US');
    await page.followAccountLanguageWithoutChoice(testUser({ locale: 'it-IT' }));
    expect(page.currentLocale()).toBe('en-US');
  });

  it('keeps the language chosen on the device before the page started', async () => {
    const page = await pageStartingWith('en-US');
    expect(page.isLanguageChosenAtStart).toBe(true);
    await page.followAccountLanguageWithoutChoice(testUser({ locale: 'it-IT' }));
    expect(page.currentLocale()).toBe('en-US');
  });

  it('leaves the language a login followed', async () => {
    const page = await pageStartingWith(null);
    await page.followAccountLanguage(testUser({ locale: 'en-US' }));
    await page.followAccountLanguageWithoutChoice(testUser({ locale: 'it-IT' }));
    expect(page.currentLocale()).toBe('en-US');
  });
});
