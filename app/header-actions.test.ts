import { getServerSession } from "next-auth";

import { readCartCountAction } from "./header-actions";

jest.mock("next-auth", () => ({ __esModule: true, ...jest.requireActual("next-auth"), getServerSession: jest.fn(async () => null) }));
const countCartSeats = jest.fn(async () => 2);
jest.mock("@/lib/commerce/cart/cart", () => ({ countCartSeats: (...args: unknown[]) => countCartSeats(...(args as [])) }));

/**
 * The header of a static public page asks for the cart count once the browser believes it is signed
 * in; a session that ended since (a sign-out elsewhere, a password change) must get a plain null,
 * not the 500 of "Please sign in first." the header would otherwise log on every page.
 */
describe("readCartCountAction", () => {
  it("answers null, and reads no cart, when nobody is signed in", async () => {
    await expect(readCartCountAction()).resolves.toBeNull();
    expect(countCartSeats).not.toHaveBeenCalled();
  });

  it("counts a family's seats, and answers null for a role without a cart", async () => {
    const signedIn = (role: string) => ({ user: { databaseId: 7, role, email: "a@example.com", id: "u" }, expires: "" });
    jest.mocked(getServerSession).mockResolvedValueOnce(signedIn("student"));
    await expect(readCartCountAction()).resolves.toBe(2);
    expect(countCartSeats).toHaveBeenCalledWith(7);
    jest.mocked(getServerSession).mockResolvedValueOnce(signedIn("teacher"));
    await expect(readCartCountAction()).resolves.toBeNull();
  });
});
