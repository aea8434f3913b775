import type { ConfiguredWidget } from "@/lib/platform/security/widgets";

/** Adds a configured widget's script once; lazyOnload waits for the next idle moment. */
export function loadWidget(widget: ConfiguredWidget): () => void {
  const add = () => {
    if (document.querySelector(`script[data-widget="${widget.id}"]`)) return;
    const script = document.createElement("script");
    script.src = widget.src;
    script.async = true;
    script.dataset.widget = widget.id;
    if (widget.crossOrigin) script.crossOrigin = widget.crossOrigin;
    script.onerror = () => console.error(`The ${widget.label} failed to load from ${widget.src}.`);
    document.body.appendChild(script);
  };
  if (widget.strategy === "afterInteractive" || typeof window.requestIdleCallback !== "function") {
    add();
    return () => undefined;
  }
  const handle = window.requestIdleCallback(add, { timeout: 5000 });
  return () => window.cancelIdleCallback(handle);
}
