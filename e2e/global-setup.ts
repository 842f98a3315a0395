import { createDatabaseTemplate, dropDatabaseTemplate } from '../server/test/test-database';

/** Where the workers find the run's template database (Playwright hands its workers this environment). */
export const TEMPLATE_ENV = 'MITTEN_E2E_DATABASE_TEMPLATE';

/** Migrates and seeds one database for the run; each worker's server starts from a copy of it. */
export default async function globalSetup() {
  const template = await createDatabaseTemplate();
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return () => dropDatabaseTemplate(template);
}
