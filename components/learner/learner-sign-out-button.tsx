"use client";

import { useRouter } from "next/navigation";

import { callAction } from "@/browser/call-action";
import type { ActionResult } from "@/lib/platform/http/action-result";

/** Ends the child's session and goes back to the children's sign-in page. */
export function LearnerSignOutButton({ signOut }: { signOut: () => Promise<ActionResult> }) {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={async () => {
        await callAction(() => signOut(), undefined);
        // The action cleared the cookie, which empties the router's cache; a refresh() here would race the replace().
        router.replace("/kids");
      }}
      className="min-h-12 rounded-xl border-2 border-slate-400 px-4 py-2 font-semibold text-slate-900 hover:border-brand-600"
    >
      Sign out
    </button>
  );
}
