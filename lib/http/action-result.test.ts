import { z as classic } from "zod";

import { HttpError } from "@/lib/http/errors";
import { runAction } from "@/lib/http/action-result";
import * as mini from "@/lib/zod-mini";

describe("runAction: what a server action answers", () => {
  it("passes the work's message through", async () => {
    await expect(runAction("test", async () => "Saved.")).resolves.toEqual({ ok: true, message: "Saved." });
  });

  it("answers an HttpError with its message", async () => {
    await expect(runAction("test", async () => { throw new HttpError(403, "You are not allowed to do that."); })).resolves.toEqual({ ok: false, message: "You are not allowed to do that." });
  });

  it.each([
    ["classic zod", () => classic.object({ name: classic.string().min(1, "Name is required.") }).parse({ name: "" })],
    ["zod/mini", () => mini.object({ name: mini.string().check(mini.minLength(1, "Name is required.")) }).parse({ name: "" })],
  ])("turns a %s validation error into field messages", async (_, parse) => {
    await expect(runAction("test", async () => { parse(); return "unreachable"; })).resolves.toEqual({ ok: false, message: "Name is required.", fieldErrors: { name: "Name is required." } });
  });

  it("hides an unexpected error behind a generic message", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(runAction("test", async () => { throw new Error("secret stack"); })).resolves.toEqual({ ok: false, message: "Something went wrong. Please try again" });
    spy.mockRestore();
  });
});
