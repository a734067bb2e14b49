import { beforeEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { logout, startSession, takeLogoutConfirmation } from './session/session';
import { clearSession, getSessionToken, storage, STORAGE_PREFIX, unsavedValues } from './storage';

beforeEach(() => {
  localStorage.clear();
});

describe('client storage', () => {
  it('stores JSON under the lisbon. prefix and reads it back typed', () => {
    storage.set('cart', [3, 5]);
    expect(localStorage.getItem(`${STORAGE_PREFIX}cart`)).toBe('[3,5]');
    expect(storage.get('cart')).toEqual([3, 5]);
  });

  it('reads a value that is not JSON as absent and drops it', () => {
    localStorage.setItem(`${STORAGE_PREFIX}auth`, '{broken');
    expect(storage.get('auth')).toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}auth`)).toBeNull();
  });

  it('reads a value of the wrong shape as absent', () => {
    localStorage.setItem(`${STORAGE_PREFIX}language`, JSON.stringify('fr-FR'));
    expect(storage.get('language')).toBeNull();
  });

  it('gives the token only while it has not expired', () => {
    storage.set('token', 'abc');
    storage.set('tokenExpiresAt', '2030-01-01T00:00:00.000Z');
    expect(getSessionToken(new Date('2029-12-31T23:59:59Z'))).toBe('abc');
    expect(getSessionToken(new Date('2030-01-01T00:00:00Z'))).toBeNull();
  });

  it('clears the session and personal data on logout, keeping only the language', () => {
    storage.set('auth', { userId: 7 });
    storage.set('token', 'abc');
    storage.set('tokenExpiresAt', '2030-01-01T00:00:00.000Z');
    storage.set('language', 'it-IT');
    storage.set('cart', [1]);
    storage.set('billing', { vat: 'IT123' });
    clearSession();
    const keys = ['auth', 'token', 'tokenExpiresAt', 'cart', 'billing'] as const;
    expect(keys.map((key) => storage.get(key))).toEqual([null, null, null, null, null]);
    expect(storage.get('language')).toBe('it-IT');
  });

  it('keeps unsaved form values in the tab through an expired session, and forgets them on a logout on purpose', () => {
    unsavedValues.write('7.appeal.3', { motivation: 'Misspelt' });
    logout(new QueryClient(), '/practices/3/appeal', 'expired');
    expect(unsavedValues.read('7.appeal.3')).toEqual({ motivation: 'Misspelt' });
    logout(new QueryClient(), '/practices/3/appeal', 'user');
    expect(unsavedValues.read('7.appeal.3')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    // The login page's "You have logged out." is taken here, not left to the next file's login page.
    expect(takeLogoutConfirmation()).toBe(true);
  });

  it('forgets at a login what another account typed in the tab before its session expired, keeping the own', () => {
    unsavedValues.write('7.appeal.3', { motivation: 'My diploma names me Ada Byron' });
    unsavedValues.write('8.wizard.5.purpose', { purpose: 'work' });
    logout(new QueryClient(), '/practices/3/appeal', 'expired');
    startSession({ access_token: 'b'.repeat(43), expires_at: '2099-01-01T00:00:00.000Z', user_id: 8 });
    expect(unsavedValues.read('7.appeal.3')).toBeNull();
    expect(Object.keys(sessionStorage).join()).not.toContain('Ada Byron');
    expect(unsavedValues.read('8.wizard.5.purpose')).toEqual({ purpose: 'work' });
    sessionStorage.clear();
  });
});
