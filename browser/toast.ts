/**
 * Toasts (SPEC 2 and 9: top-left, 10 s), without sonner in any page's load: most visits never
 * see a toast, so the library is imported at the first one. The root layout's ToasterHost
 * (components/shell/toaster.tsx) renders sonner's Toaster once it has loaded and says when the
 * Toaster listens: a toast published before that would be lost.
 */
type Sonner = typeof import("sonner");

let sonner: Sonner | null = null;
let ready: Promise<void> | null = null;
let markReady: () => void = () => undefined;
const listeners = new Set<() => void>();

/** For ToasterHost (useSyncExternalStore): sonner's Toaster once loaded, else null. */
export function subscribeToSonner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const loadedToaster = () => sonner?.Toaster ?? null;

/** Called by ToasterHost once the Toaster is mounted and subscribed. */
export function toasterIsListening(): void {
  markReady();
}

async function showToast(kind: "success" | "error", message: string): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    markReady = resolve;
    import("sonner").then(
      (module) => {
        sonner = module;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        // A chunk that failed to load (a network blip) must not leave the caller waiting, a form
        // stuck in its submitting state: this toast is lost, the next one tries again.
        console.error("Toasts could not load:", error);
        ready = null;
        resolve();
      },
    );
  });
  await ready;
  sonner?.toast[kind](message);
}

export const toastError = (message: string) => showToast("error", message);
export const toastSuccess = (message: string) => showToast("success", message);
