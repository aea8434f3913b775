import ICAL from "ical.js";

/** Reads an invite back as a calendar would: its METHOD and its one event's UID, SEQUENCE, times and status. */
export function readInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT in the invite");
  const event = new ICAL.Event(vevent);
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: event.sequence,
    startsAt: event.startDate.toJSDate().toISOString(),
    endsAt: event.endDate.toJSDate().toISOString(),
    status: String(vevent.getFirstPropertyValue("status")),
    attendee: String(vevent.getFirstPropertyValue("attendee")),
  };
}

/**
 * Reads a recurring invite (an enrolment) as a calendar would: its VTIMEZONE registered, its RRULE
 * expanded. `occurrences` are the first n sessions as UTC instants.
 */
export function readRecurringInvite(text: string, n: number) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT in the invite");
  const event = new ICAL.Event(vevent);
  const iterator = event.iterator();
  const occurrences: string[] = [];
  for (let next = iterator.next(); next && occurrences.length < n; next = iterator.next()) occurrences.push(next.toJSDate().toISOString());
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: event.sequence,
    rrule: String(vevent.getFirstPropertyValue("rrule")),
    tzid: String(vevent.getFirstProperty("dtstart")?.getParameter("tzid")),
    durationMinutes: (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 60_000,
    occurrences,
  };
}

/**
 * Reads a series with its changed occurrences (issue 27) as a calendar would: the master event's
 * RRULE expanded, each VEVENT with the same UID and a RECURRENCE-ID related to it as an exception.
 * Each of the first n occurrences: its RECURRENCE-ID, its start, its status and its event's SEQUENCE.
 */
export function readSeriesWithOverrides(text: string, n: number) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents("vevent");
  const masterComponent = events.find((e) => !e.hasProperty("recurrence-id"));
  if (!masterComponent) throw new Error("no master VEVENT in the invite");
  const master = new ICAL.Event(masterComponent);
  const exceptions = events.filter((e) => e.hasProperty("recurrence-id")).map((e) => new ICAL.Event(e));
  for (const exception of exceptions) {
    if (exception.uid !== master.uid) throw new Error("an override with another UID");
    master.relateException(exception);
  }
  const iterator = master.iterator();
  const occurrences: Array<{ recurrenceId: string; startsAt: string; status: string; sequence: number }> = [];
  for (let next = iterator.next(); next && occurrences.length < n; next = iterator.next()) {
    const details = master.getOccurrenceDetails(next);
    occurrences.push({
      recurrenceId: details.recurrenceId.toJSDate().toISOString(),
      startsAt: details.startDate.toJSDate().toISOString(),
      status: String(details.item.component.getFirstPropertyValue("status")),
      sequence: details.item.sequence,
    });
  }
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: master.uid,
    sequence: master.sequence,
    overrides: exceptions.length,
    occurrences,
  };
}
