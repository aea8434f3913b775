/** What a token page shows when its look-ups from this address are refused (lib/platform/http/token-guesses.ts). */
export function TooManyTries({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Too many tries</h1>
      <p role="alert" className="mt-6 text-slate-800">
        {message}
      </p>
    </div>
  );
}
