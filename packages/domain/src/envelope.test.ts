import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listEnvelope } from './envelope';
import { listQuerySchema } from './list-query';

describe('listQuerySchema', () => {
  const query = listQuerySchema(['id', 'created_at'] as const);

  it('defaults to the first page of 20 and coerces strings', () => {
    expect(query.parse({})).toEqual({ page: 1, perPage: 20 });
    expect(query.parse({ page: '3', perPage: '50' })).toMatchObject({ page: 3, perPage: 50 });
  });

  it('accepts ascending and descending sort on known fields only', () => {
    expect(query.parse({ sort: '-created_at' }).sort).toBe('-created_at');
    expect(query.safeParse({ sort: 'password' }).success).toBe(false);
  });

  it('refuses a page size above the maximum', () => {
    expect(query.safeParse({ perPage: 1000 }).success).toBe(false);
  });
});

describe('listEnvelope', () => {
  it('requires data and meta', () => {
    const schema = listEnvelope(z.object({ id: z.number() }));
    expect(schema.safeParse({ data: [{ id: 1 }] }).success).toBe(false);
    expect(schema.safeParse({ data: [{ id: 1 }], meta: { page: 1, perPage: 20, total: 1 } }).success).toBe(
      true,
    );
  });
});
