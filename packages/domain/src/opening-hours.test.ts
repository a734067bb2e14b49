import { describe, expect, it } from 'vitest';
import { formatOpeningHours, isInvalidOpeningHours, parseOpeningHours } from './opening-hours';

describe('opening hours (CONTACT_HOURS)', () => {
  it('reads weekday ranges and times, en dashes too, with a time zone', () => {
    expect(parseOpeningHours('Mon-Fri 09:00-13:00')).toEqual({
      spans: [{ from: 0, to: 4, opens: '09:00', closes: '13:00' }],
      timeZone: null,
    });
    expect(parseOpeningHours('Mon–Thu 9:00–13:00, Fri 09:00–12:30 (Europe/Rome)')).toEqual({
      spans: [
        { from: 0, to: 3, opens: '09:00', closes: '13:00' },
        { from: 4, to: 4, opens: '09:00', closes: '12:30' },
      ],
      timeZone: 'Europe/Rome',
    });
  });

  it('tells impossible hours, refused at startup, from free text, shown as written', () => {
    for (const text of [
      'Fri-Mon 09:00-13:00',
      'Mon-Fri 13:00-09:00',
      'Mon-Fri 09:00-25:00',
      'Mon-Fri 09:61-13:00',
      'Mon-Fri 09:00-13:00 (Mars/Olympus)',
    ]) {
      expect(parseOpeningHours(text)).toBeNull();
      expect(isInvalidOpeningHours(text)).toBe(true);
    }
    for (const text of ['lun–ven 9–13', 'Mon-Fri mornings', 'By appointment']) {
      expect(parseOpeningHours(text)).toBeNull();
      expect(isInvalidOpeningHours(text)).toBe(false);
    }
    expect(parseOpeningHours('Mon–Fri 9–13')?.spans).toEqual([
      { from: 0, to: 4, opens: '09:00', closes: '13:00' },
    ]);
  });

  it('writes them in the reader’s language, free text as it is', () => {
    const demo = 'Mon–Fri 09:00–13:00 (Europe/Rome)';
    expect(formatOpeningHours(demo, 'en-US')).toBe('Mon–Fri 09:00–13:00 (Central European Time)');
    expect(formatOpeningHours(demo, 'it-IT')).toBe('lun–ven 09:00–13:00 (Ora dell’Europa centrale)');
    expect(formatOpeningHours('Mon-Thu 09:00-13:00; Sat 10:00-12:00', 'it-IT')).toBe(
      'lun–gio 09:00–13:00, sab 10:00–12:00',
    );
    expect(formatOpeningHours('lun–ven 9–13', 'en-US')).toBe('lun–ven 9–13');
  });
});
