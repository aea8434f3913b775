/** The part of cache-handler.mjs that the app calls itself (Next loads the rest). */
export function expireTags(tags: string[]): Promise<void>;

/** Issue 30: entries in Redis with a version beside them, read through a per-process memo (tested in test/cache-entry-memo.test.ts). */
export interface EntryClient {
  get(key: string): Promise<string | null>;
  multi(): {
    set(key: string, value: string, options?: unknown): ReturnType<EntryClient["multi"]>;
    exec(): Promise<unknown>;
  };
}
export interface EntryMemo {
  clear(): void;
  readonly size: number;
}
export function createEntryMemo(maxBytes?: number): EntryMemo;
export function readEntry(client: EntryClient, entryKey: string, memo: EntryMemo): Promise<unknown>;
export function writeEntry(client: EntryClient, entryKey: string, entry: unknown): Promise<void>;
export function versionKeyOf(entryKey: string): string;
