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
