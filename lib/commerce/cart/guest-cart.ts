/**
 * A signed-out visitor's cart: the sections they chose, in a cookie (a child can only be chosen
 * once signed in, since children belong to an account). At sign-in /cart shows each one to be
 * added for a child, and adding it takes it out of the cookie. Only ids: nothing to trust, every
 * one is looked up and checked again.
 */
export const GUEST_CART_COOKIE = "guest_cart";
export const GUEST_CART_MAX = 10;
export const GUEST_CART_MAX_AGE_SECONDS = 30 * 86_400;

export function parseGuestCart(value: string | undefined | null): number[] {
  if (!value) return [];
  const ids = value
    .split(".")
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, GUEST_CART_MAX);
}

export function serializeGuestCart(ids: number[]): string {
  return [...new Set(ids)].slice(-GUEST_CART_MAX).join(".");
}
