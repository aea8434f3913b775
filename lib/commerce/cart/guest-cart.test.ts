import { GUEST_CART_MAX, parseGuestCart, serializeGuestCart } from "./guest-cart";

test("a guest cart cookie keeps distinct section ids only, at most GUEST_CART_MAX", () => {
  expect(parseGuestCart("3.7.3.x.-1.0.12")).toEqual([3, 7, 12]);
  expect(parseGuestCart(undefined)).toEqual([]);
  const many = Array.from({ length: 15 }, (_, i) => i + 1);
  expect(parseGuestCart(serializeGuestCart(many))).toHaveLength(GUEST_CART_MAX);
  // The newest choices are kept.
  expect(parseGuestCart(serializeGuestCart(many))).toContain(15);
});
