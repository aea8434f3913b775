/**
 * browser/toast.ts: sonner loads with the first toast. If it cannot load, the caller (a form awaiting
 * its toast before it leaves its submitting state) is not left waiting, and the next toast retries.
 */
let mockLoads = 0;
jest.mock("sonner", () => {
  mockLoads += 1;
  throw new Error("ChunkLoadError: Loading chunk failed");
});

import { toastError } from "./toast";

it("answers the caller even when sonner cannot load, and tries again at the next toast", async () => {
  const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
  const settled = await Promise.race([toastError("first").then(() => "settled"), new Promise((r) => setTimeout(() => r("waiting"), 1000))]);
  expect(settled).toBe("settled");
  expect(logged).toHaveBeenCalledWith("Toasts could not load:", expect.any(Error));

  jest.resetModules(); // let the next import of "sonner" run the module factory again
  await toastError("second");
  expect(mockLoads).toBe(2);
  logged.mockRestore();
});
