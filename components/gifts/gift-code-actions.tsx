"use client";

import { useState } from "react";

/** Copy the code and print the message: the two things a buyer does with a gift page. */
export function GiftCodeActions({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const button = "rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden">
      <button
        type="button"
        className={button}
        onClick={async () => {
          await navigator.clipboard.writeText(code);
          setCopied(true);
        }}
      >
        Copy code
      </button>
      <button type="button" className={button} onClick={() => window.print()}>
        Print gift message
      </button>
      <span role="status" className="text-sm text-slate-700">
        {copied ? "Code copied." : ""}
      </span>
    </div>
  );
}
