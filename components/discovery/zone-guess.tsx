"use client";

import { useEffect } from "react";

import { viewerZone } from "@/browser/viewer-zone";

/**
 * Issue 29: the search form's zone when the server could not know it (a static page, a visitor
 * signed out): the viewer's (the account's while signed in, else the browser's), chosen in the
 * select once the page runs. Without JavaScript the select keeps its default, named, and the
 * visitor can pick their own.
 */
export function ZoneGuess({ selectId }: { selectId: string }) {
  useEffect(() => {
    const select = document.getElementById(selectId);
    if (!(select instanceof HTMLSelectElement)) return;
    const zone = viewerZone();
    if ([...select.options].some((option) => option.value === zone)) select.value = zone;
  }, [selectId]);
  return null;
}
