/** The part of cache-handler.mjs that the app calls itself (Next loads the rest). */
export function expireTags(tags: string[]): Promise<void>;
