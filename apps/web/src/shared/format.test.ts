import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, usePreparedFormats } from './format';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the formats’ data', () => {
  it('is loaded in a task after the render of a page that shows a date, not in it', () => {
    vi.useFakeTimers();
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    renderHook(() => usePreparedFormats('it-IT'));
    expect(dateFormat).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(dateFormat).toHaveBeenCalledWith('it-IT', { dateStyle: 'long' });
  });

  it('is not loaded for a page that is gone before its task', () => {
    vi.useFakeTimers();
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const { unmount } = renderHook(() => usePreparedFormats('en-US'));
    unmount();
    vi.runAllTimers();
    expect(dateFormat).not.toHaveBeenCalled();
  });
});

describe('a date', () => {
  it('is written in the language’s long form, a calendar day without shifting it by a time zone', () => {
    expect(formatDate('2026-03-03', 'en-US')).toBe('March 3, 2026');
    expect(formatDate('2026-03-03', 'it-IT')).toBe('3 marzo 2026');
  });
});
