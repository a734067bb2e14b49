import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../src/app';
import { createTestApp, createTestDatabase, type TestDatabase } from './helper';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('GET /api/v1/health', () => {
  it('answers 200 with the health envelope when the database answers', async () => {
    const app = await createTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        status: 'ok',
        database: 'ok',
        version: VERSION,
        maintenance: false,
        maintenance_staff_only: false,
      },
    });
    await app.close();
  });

  it('answers 503 with database "unreachable" when the database is closed', async () => {
    const closed = database.openConnection();
    // Kysely connects lazily: use the connection once so that destroying it really closes it.
    await sql`select 1`.execute(closed);
    await closed.destroy();
    const app = await createTestApp(database, { db: closed });
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      data: {
        status: 'degraded',
        database: 'unreachable',
        version: VERSION,
        maintenance: false,
        maintenance_staff_only: false,
      },
    });
    await app.close();
  });
});
