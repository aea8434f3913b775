/** Marks the links whose prefetch and navigation the app handles (IntentLink and its navigator). */
export const INTENT_LINK_ATTRIBUTE = "data-intent-link";

/** The parts of a click (DOM or React event) that say who should handle it. */
interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * A click on a link that the browser handles itself, not the app's router: another button, a
 * modifier (new tab or window), another target, a download. One rule for the IntentLink navigator,
 * which navigates in the app, and the route-change loader, which shows for the same clicks.
 */
export function isBrowserHandledClick(event: ClickLike, anchor: HTMLAnchorElement): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (anchor.target !== "" && anchor.target !== "_self") ||
    anchor.hasAttribute("download")
  );
}
