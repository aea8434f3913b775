import { AppError } from "@/lib/platform/errors";

/** The AppError a refused call rejects with; fails the test when it resolves or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal (an AppError), got ${String(error)}`);
  return error;
}

/** The message a refused call tells the user. */
export async function refusalMessage(promise: Promise<unknown>): Promise<string> {
  return (await refusal(promise)).message;
}
