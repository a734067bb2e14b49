import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { changeLocale, i18n, i18nReady } from '@/shared/i18n';
import { followAccountLanguage, offerLanguage, useLanguageOffer } from '@/shared/i18n/languageOffer';
import { storage } from '@/shared/storage';
import { completeProfile, testUser } from '@/test/users';
import { destinationAfterLogin } from './finishLogin';

describe('where a login lands', () => {
  it('sends staff with two factors to their workspace, and staff without to the two-factor section', () => {
    expect(destinationAfterLogin(testUser({ role: 'evaluator', two_factor_enabled: true }), null)).toBe(
      '/staff',
    );
    expect(destinationAfterLogin(testUser({ role: 'secretary', two_factor_enabled: false }), null)).toBe(
      '/account#two-factor',
    );
  });

  it('sends an applicant to the account page until it is complete, then to the requests', () => {
    expect(destinationAfterLogin(testUser(), null)).toBe('/account');
    expect(destinationAfterLogin(testUser(completeProfile), null)).toBe('/practices');
  });

  it('sends an applicant who has requests to them, complete or not (first-user review, item 1)', () => {
    expect(destinationAfterLogin(testUser({ phone: null }), null, true)).toBe('/practices');
    expect(destinationAfterLogin(testUser(completeProfile), null, true)).toBe('/practices');
  });

  it('returns to the page the user was sent away from', () => {
    expect(destinationAfterLogin(testUser({ role: 'reviewer' }), '/staff/practices/4')).toBe(
      '/staff/practices/4',
    );
  });
});

describe('the language after a login (issue 33)', () => {
  it("takes the account's language when none was chosen on this device", async () => {
    storage.remove('language');
    await i18nReady;
    await followAccountLanguage(testUser({ locale: 'it-IT' }));
    expect(i18n.language).toBe('it-IT');
    expect(renderHook(() => useLanguageOffer()).result.current).toBeNull();
    await changeLocale('en-US');
  });

  it("takes the account's language and offers to save the one chosen on this device", async () => {
    await changeLocale('en-US');
    await followAccountLanguage(testUser({ locale: 'it-IT' }));
    expect(i18n.language).toBe('it-IT');
    expect(renderHook(() => useLanguageOffer()).result.current).toBe('en-US');
    await changeLocale('en-US');
    offerLanguage(null);
  });
});
