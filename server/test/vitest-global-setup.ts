import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate, type DatabaseTemplate, dropDatabaseTemplate } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** Migrates and seeds one database for the whole run; each test file's app starts from a copy of it. */
export default async function setup(project: TestProject) {
  const template = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return () => dropDatabaseTemplate(template);
}
