import { describe, expect, it } from 'vitest';
import { hasPostalCodes } from './postcode';

describe('hasPostalCodes', () => {
  it('says countries without a postal code system have none', () => {
    expect(['GH', 'AE', 'HK', 'gh'].map(hasPostalCodes)).toEqual([false, false, false, false]);
  });

  it('says countries with postal codes have them, Ireland with its Eircode among them', () => {
    expect(['IT', 'IE', 'US', 'GB'].map(hasPostalCodes)).toEqual([true, true, true, true]);
  });

  it('takes a country it does not know, or none, to have codes', () => {
    expect([hasPostalCodes('XK'), hasPostalCodes(null), hasPostalCodes('')]).toEqual([true, true, true]);
  });
});
