/**
 * Issue 41: where a top-up started from a move returns, /my-courses with the move (which seat, to
 * which section); the server checks it as every return path (top-up-schema.ts) and adds the
 * top-up's id. No imports: the move form (a client component) builds it.
 */
export const MOVE_PAGE = "/my-courses";

export function moveReturnPath(orderItemId: number, toSectionId: number): string {
  return `${MOVE_PAGE}?move=${orderItemId}&to=${toSectionId}`;
}
