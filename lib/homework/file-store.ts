import "server-only";

import { eq, inArray, lt } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { storedFiles } from "@/lib/platform/db/schema";

/**
 * Where uploaded bytes live: the one interface every reader and writer of files goes through, so
 * the store behind it (today a bytea table in the application's database, which every instance and
 * a restart share and the embedded default has without configuration) could become an object store
 * without its callers changing.
 */
export interface FileStore {
  /** Stores the bytes (in the caller's transaction, so they exist exactly when the hand-in does) and answers their id. */
  put(tx: Pick<Database, "insert">, file: { learnerId: number; mediaType: string; bytes: Buffer }): Promise<string>;
  get(db: Pick<Database, "select">, id: string): Promise<{ mediaType: string; bytes: Buffer } | null>;
  remove(tx: Pick<Database, "delete">, ids: readonly string[]): Promise<void>;
  /** Deletes every file stored before `cutoff` (the retention job); answers how many. */
  purgeStoredBefore(db: Pick<Database, "delete">, cutoff: Date): Promise<number>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const databaseFileStore: FileStore = {
  async put(tx, { learnerId, mediaType, bytes }) {
    const [row] = await tx
      .insert(storedFiles)
      .values({ learnerId, mediaType, byteSize: bytes.byteLength, content: bytes })
      .returning({ id: storedFiles.id });
    return row!.id;
  },
  async get(db, id) {
    if (!UUID.test(id)) return null;
    const [row] = await db
      .select({ mediaType: storedFiles.mediaType, content: storedFiles.content })
      .from(storedFiles)
      .where(eq(storedFiles.id, id));
    return row ? { mediaType: row.mediaType, bytes: row.content } : null;
  },
  async remove(tx, ids) {
    if (ids.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, [...ids]));
  },
  async purgeStoredBefore(db, cutoff) {
    const gone = await db.delete(storedFiles).where(lt(storedFiles.createdAt, cutoff)).returning({ id: storedFiles.id });
    return gone.length;
  },
};

/** The store the app uses. */
export const fileStore: FileStore = databaseFileStore;
