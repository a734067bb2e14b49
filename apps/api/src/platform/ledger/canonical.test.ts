import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';

describe('canonicalJson', () => {
  it('writes equal data the same way whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [1, 'x'] }, b: 1 })).toBe(
      canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } }),
    );
  });

  it('leaves undefined members out and refuses what JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: 'è' })).toBe('{"b":"è"}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
  });
});
