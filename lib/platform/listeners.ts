/**
 * A named list of listeners a domain announces to and the wiring registers into at start (the
 * domain imports nothing above it). Kept on globalThis under `key`, so the instrumentation's and
 * the routes' bundles, and dev's hot reloads, share one list; a name registered again replaces
 * its listener.
 */
export function listenerRegistry<Listener>(key: string) {
  const slot = globalThis as typeof globalThis & Record<string, unknown>;
  const listeners = (slot[key] ??= new Map<string, Listener>()) as Map<string, Listener>;
  return {
    register(name: string, listener: Listener): void {
      listeners.set(name, listener);
    },
    unregister(name: string): void {
      listeners.delete(name);
    },
    all(): Listener[] {
      return [...listeners.values()];
    },
  };
}
