import type { TimePickerActions } from "@/lib/scheduling/picker";

import { bookSlotAction, listSlotsAction } from "./actions";

/** The time picker's actions, as the demo forms' pages hand them to the form (components do not import app/). */
export const timePicker: TimePickerActions = { listSlots: listSlotsAction, bookSlot: bookSlotAction };
