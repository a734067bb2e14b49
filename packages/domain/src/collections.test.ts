import { describe, expect, it } from 'vitest';
import { isOneOf, recordOf } from './collections';
import { sortOf } from './envelope';

const COLOURS = ['red', 'green'] as const;

describe('typed collections', () => {
  it('tells a member of a list from any other value', () => {
    expect(isOneOf(COLOURS, 'green')).toBe(true);
    expect(isOneOf(COLOURS, 'blue')).toBe(false);
    expect(isOneOf(COLOURS, null)).toBe(false);
  });

  it('makes a record with one entry per key', () => {
    expect(recordOf(COLOURS, (colour) => colour.length)).toEqual({ red: 3, green: 5 });
  });

  it('reads a list sort as its field and direction, and refuses a field not in the list', () => {
    expect(sortOf(COLOURS, '-green')).toEqual({ field: 'green', isDescending: true });
    expect(sortOf(COLOURS, 'red')).toEqual({ field: 'red', isDescending: false });
    expect(() => sortOf(COLOURS, 'blue')).toThrow('Unexpected sort field blue');
  });
});
