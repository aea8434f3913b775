"use client";

import { createContext, useContext, useId, useRef, type ReactNode } from "react";

const CloseDialog = createContext<() => void>(() => {});

/**
 * A step before what cannot be undone: the opener button opens a native modal dialog (the browser
 * keeps focus inside and closes it on Escape; focus goes back to the opener), titled `title`. The
 * body is the caller's; its safe choice is a CloseDialogButton with autoFocus.
 */
export function ConfirmDialog({
  opener,
  openerClassName,
  title,
  children,
}: {
  opener: ReactNode;
  openerClassName: string;
  title: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => dialogRef.current?.close();
  return (
    <>
      <button ref={openerRef} type="button" onClick={() => dialogRef.current?.showModal()} className={openerClassName}>
        {opener}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onClose={() => openerRef.current?.focus()}
        className="m-auto w-full max-w-md rounded-2xl border border-slate-200 p-6 text-left font-normal shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <CloseDialog value={close}>{children}</CloseDialog>
      </dialog>
    </>
  );
}

/** A button that closes its ConfirmDialog (then runs `onClick`, if any). */
export function CloseDialogButton({
  children,
  className = keepButtonClass,
  autoFocus,
  onClick,
}: {
  children: ReactNode;
  className?: string;
  autoFocus?: boolean;
  onClick?: () => void;
}) {
  const close = useContext(CloseDialog);
  return (
    <button
      type="button"
      autoFocus={autoFocus}
      onClick={() => {
        close();
        onClick?.();
      }}
      className={className}
    >
      {children}
    </button>
  );
}

/** The dialog's two buttons' looks: the safe choice, and the one that changes something for good. */
export const keepButtonClass =
  "rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2";
export const dangerButtonClass =
  "rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2";
