import { z as classic } from "zod";

import { IdentityError } from "@/lib/platform/auth/errors";
import { AppError } from "@/lib/platform/errors";
import { runAction } from "@/lib/platform/http/action-result";
import * as mini from "@/lib/platform/zod-mini";

describe("runAction: what a server action answers", () => {
  it("passes the work's message through", async () => {
    await expect(runAction("test", async () => "Saved.")).resolves.toEqual({ ok: true, message: "Saved." });
  });

  it("answers an AppError with its message", async () => {
    await expect(
      runAction("test", async () => {
        throw new AppError("forbidden", "You are not allowed to do that.");
      }),
    ).resolves.toEqual({ ok: false, message: "You are not allowed to do that." });
  });

  it("answers an AppError's field messages too, so a form shows a domain rule beside its field", async () => {
    await expect(
      runAction("test", async () => {
        throw new AppError("invalid", "Capacity cannot be below the 2 seats already booked.", {
          fieldErrors: { capacity: "Capacity cannot be below the 2 seats already booked." },
        });
      }),
    ).resolves.toEqual({
      ok: false,
      message: "Capacity cannot be below the 2 seats already booked.",
      fieldErrors: { capacity: "Capacity cannot be below the 2 seats already booked." },
    });
  });

  it("answers a limit's refusal with its message and when to retry (a route's Retry-After)", async () => {
    await expect(
      runAction("test", async () => {
        throw new AppError("rate-limited", "Too many sign-in attempts. Please try again in 3 minutes.", { retryAfterSeconds: 170 });
      }),
    ).resolves.toEqual({ ok: false, message: "Too many sign-in attempts. Please try again in 3 minutes.", retryAfterSeconds: 170 });
  });

  it("answers the identity provider's errors with SPEC 8's messages, and an unreachable provider with the catch-all", async () => {
    await expect(
      runAction("test", async () => {
        throw new IdentityError("INVALID_PASSWORD");
      }),
    ).resolves.toEqual({ ok: false, message: "Invalid Email or Password. Try again or signUp now" });
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      runAction("test", async () => {
        throw new IdentityError("IDENTITY_UNAVAILABLE");
      }),
    ).resolves.toEqual({ ok: false, message: "Something went wrong. Please try again" });
    spy.mockRestore();
  });

  it.each([
    ["classic zod", () => classic.object({ name: classic.string().min(1, "Name is required.") }).parse({ name: "" })],
    ["zod/mini", () => mini.object({ name: mini.string().check(mini.minLength(1, "Name is required.")) }).parse({ name: "" })],
  ])("turns a %s validation error into field messages", async (_, parse) => {
    await expect(
      runAction("test", async () => {
        parse();
        return "unreachable";
      }),
    ).resolves.toEqual({ ok: false, message: "Name is required.", fieldErrors: { name: "Name is required." } });
  });

  it("hides an unexpected error behind a generic message", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      runAction("test", async () => {
        throw new Error("secret stack");
      }),
    ).resolves.toEqual({ ok: false, message: "Something went wrong. Please try again" });
    spy.mockRestore();
  });
});
