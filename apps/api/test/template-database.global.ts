import { makeTemplate, TEMPLATE_VARIABLE } from './template-database';

/**
 * Vitest's global set-up of the API tests: the migrated and seeded database every test file
 * copies (template-database.ts), made once before the run and removed after it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const { template, remove } = await makeTemplate(process.env.TEST_DATABASE_URL || undefined);
  // Set before the test processes start, which inherit it.
  process.env[TEMPLATE_VARIABLE] = template;
  return async () => {
    delete process.env[TEMPLATE_VARIABLE];
    await remove();
  };
}
