import { describe, expect, it } from 'vitest';
import { transitionWords } from './transition-texts';

describe('transitionWords', () => {
  it('names a refused move and its status as the staff pages do, in each language', () => {
    expect(transitionWords({ action: 'publish', status: 'unassigned' }, 'en-US')).toEqual({
      action: 'Publish',
      status: 'Unassigned',
    });
    expect(transitionWords({ action: 'publish', status: 'unassigned' }, 'it-IT')).toEqual({
      action: 'Pubblica',
      status: 'Non assegnata',
    });
  });

  it('leaves other parameters, and values that are not codes of ours, as they are', () => {
    expect(transitionWords({ action: 'toString', status: 'constructor', day: 3 }, 'en-US')).toEqual({
      action: 'toString',
      status: 'constructor',
      day: 3,
    });
  });
});
