"use client";

import { useEffect } from "react";

import { viewerZone } from "@/browser/viewer-zone";
import { CANONICAL_ZONE_NAMES, zoneLabel } from "@/lib/scheduling/zone-name";

/**
 * Issue 29: the search form's zone when the server could not know it (a static page, a visitor
 * signed out): the viewer's (the account's while signed in, else the browser's), chosen in the
 * select once the page runs, and added to it first when it is not among the common zones the
 * server listed. Without JavaScript the select keeps its default, named, and the visitor can pick
 * another.
 */
export function ZoneGuess({ selectId }: { selectId: string }) {
  useEffect(() => {
    const select = document.getElementById(selectId);
    if (!(select instanceof HTMLSelectElement)) return;
    const seen = viewerZone();
    const zone = CANONICAL_ZONE_NAMES[seen] ?? seen;
    if (![...select.options].some((option) => option.value === zone)) select.add(new Option(zoneLabel(zone), zone), 0);
    select.value = zone;
  }, [selectId]);
  return null;
}
