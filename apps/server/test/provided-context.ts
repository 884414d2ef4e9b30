/** Values the API test setup hands to every test file (vitest provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    runId: string;
  }
}
export {};
