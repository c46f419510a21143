import type { TestProject } from 'vitest/node';
import { startServer } from '../support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

/** One real server for the whole browser suite; each test file opens its own browser. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', server.databaseUrl);
  return () => server.stop();
}
