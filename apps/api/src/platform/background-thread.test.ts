import { describe, expect, it } from 'vitest';
import { canLowerThreadPriority } from './background-thread';

describe('whether background threads can run at the lowest priority', () => {
  it('can on this platform, where piscina finds its build of @napi-rs/nice', () => {
    expect(canLowerThreadPriority()).toBe(true);
  });

  it('cannot where the package has no build for the platform', () => {
    const missing = (name: string) => {
      throw Object.assign(new Error(`Cannot find module '${name}'`), { code: 'MODULE_NOT_FOUND' });
    };
    expect(canLowerThreadPriority(missing)).toBe(false);
  });

  it('cannot where the package loads without its function (a build that failed to bind)', () => {
    expect(canLowerThreadPriority(() => ({}))).toBe(false);
    expect(canLowerThreadPriority(() => null)).toBe(false);
  });
});
