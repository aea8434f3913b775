import type { Metadata } from "next";
import type { ReactNode } from "react";

import { SessionLoader } from "@/components/shell/session-loader";

// Personal pages: never indexed.
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SessionLoader />
      <div className="mx-auto max-w-3xl px-4 py-10">{children}</div>
    </>
  );
}
