/** Values the API test setup hands to every test file (vitest provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    runId: string;
    /** Without a PostgreSQL: an empty, freshly initialized PGlite image each test file starts from. */
    pgliteImage: string;
    /** Without a PostgreSQL: the image of a migrated database with the demo site seeded. */
    pglitePreparedImage: string;
    /** With a PostgreSQL: the template database, migrated and seeded, that prepared test databases copy. */
    preparedTemplate: string;
  }
}
export {};
