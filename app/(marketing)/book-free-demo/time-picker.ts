import type { TimePickerActions } from "@/lib/scheduling/picker";

import { bookSlotAction, listSlotsAction, readDemoFormAccountAction } from "./actions";

/** The time picker's actions, as the demo forms' pages hand them to the form (components do not import app/). */
export const timePicker: TimePickerActions = { listSlots: listSlotsAction, bookSlot: bookSlotAction };

/** The signed-in parent the demo form fills in (name, email, children), as the pages hand it to the form. */
export const readDemoFormAccount = readDemoFormAccountAction;
