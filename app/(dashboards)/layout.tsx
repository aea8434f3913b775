import type { Metadata } from "next";
import type { ReactNode } from "react";

import { SessionLoader } from "@/components/shell/session-loader";

// Staff pages: never indexed.
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function DashboardsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SessionLoader />
      <div className="mx-auto max-w-6xl px-4 py-10">{children}</div>
    </>
  );
}
