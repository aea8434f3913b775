export function freshServerDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }>;
