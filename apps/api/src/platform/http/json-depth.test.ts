import { describe, expect, it } from 'vitest';
import { isJsonTooDeep, isJwtTooDeep, MAX_JSON_DEPTH, parseShallowJson } from './json-depth';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nested too deep to be parsed', () => {
  it('is told from its brackets, arrays and objects alike, up to the limit included', () => {
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(isJsonTooDeep(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).toBe(true);
    // Five levels: [ { [ { [
    expect(isJsonTooDeep('[{"a":[1,{"b":[]}]},[[]]]', 4)).toBe(true);
    expect(isJsonTooDeep('[{"a":[1,{"b":[]}]},[[]]]', 5)).toBe(false);
    // Siblings do not add up: depth, not count.
    expect(isJsonTooDeep(`[${'[],'.repeat(10_000)}[]]`, 2)).toBe(false);
  });

  it('skips what strings hold, escaped quotes and backslashes included', () => {
    expect(isJsonTooDeep(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
    expect(isJsonTooDeep(JSON.stringify({ text: `"\\${'{'.repeat(1000)}"` }))).toBe(false);
    expect(isJsonTooDeep(`["\\\\", ${nested(70)}]`)).toBe(true);
    expect(isJsonTooDeep(`["\\"", ${nested(70)}]`)).toBe(true);
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(isJsonTooDeep(`]${nested(1000)}`)).toBe(false);
    expect(isJsonTooDeep('"[[[[')).toBe(false);
    expect(isJsonTooDeep('')).toBe(false);
  });

  it('is read as nothing inside other input, as text that is not JSON', () => {
    expect(parseShallowJson('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseShallowJson(nested(100_000))).toBeUndefined();
    expect(parseShallowJson('{"a":')).toBeUndefined();
  });

  it('is told inside a JWT, an SD-JWT and its disclosures, however the base64url is written', () => {
    const encoded = (text: string) => Buffer.from(text).toString('base64url');
    const header = encoded('{"alg":"ES256"}');
    const deep = encoded(nested(MAX_JSON_DEPTH + 1));
    expect(isJwtTooDeep(`${header}.${encoded(nested(MAX_JSON_DEPTH))}.sig`)).toBe(false);
    expect(isJwtTooDeep(`${deep}.e30.sig`)).toBe(true);
    expect(isJwtTooDeep(`${header}.${deep}.sig`)).toBe(true);
    expect(isJwtTooDeep(`${header}.e30.sig~${deep}~`)).toBe(true);
    expect(isJwtTooDeep(`${header}.e30.sig~~${header}.${deep}.sig`)).toBe(true);
    // The signature is never parsed; padding, the other alphabet and spaces are read as decoders read them.
    expect(isJwtTooDeep(`${header}.e30.${deep}`)).toBe(false);
    expect(isJwtTooDeep(`${header}.${Buffer.from(nested(100)).toString('base64')}.sig`)).toBe(true);
    expect(isJwtTooDeep(`${header}.${deep.replace(/(.{8})/g, '$1 ')}.sig`)).toBe(true);
  });
});
