export const TEST_DATABASE_PREFIX: string;
export function templateKey(engine: "pglite" | "postgres"): string;
export function ensurePgliteTemplate(): Promise<string>;
export function ensurePostgresTemplate(serverUrl: string): Promise<string>;
export function testDatabaseName(pid?: number): string;
export function withDatabase(serverUrl: string, name: string): string;
