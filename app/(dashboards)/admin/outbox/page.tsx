import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { DeadLetterTable } from "@/components/dashboards/dead-letter-table";
import { listDeadLetteredMessages } from "@/lib/dashboards/dead-letters";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { MAX_ATTEMPTS } from "@/lib/platform/outbox/outbox";

import { retryOutboxMessageAction } from "./actions";

export const metadata = { title: "Outbox" };

const PATH = "/admin/outbox";

/** Deliveries to outside services (the demo-request forward) that failed MAX_ATTEMPTS times. */
export default async function AdminOutboxPage() {
  const actor = await requirePagePermission("outbox.manage", PATH);
  const [messages, zone] = await Promise.all([listDeadLetteredMessages(actor), timezoneOfUser(actor.id)]);
  return (
    <>
      <AdminNav current={PATH} />
      <h1 className="text-3xl font-extrabold text-slate-900">Outbox</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Deliveries to outside services, such as demo requests forwarded to the CRM, are retried with growing pauses. After {MAX_ATTEMPTS}{" "}
        failed attempts a message waits here: fix the cause (the last error says what went wrong), then retry it. Every retry is recorded.
      </p>
      <div className="mt-6">
        <DeadLetterTable messages={messages} retry={retryOutboxMessageAction} zone={zone} />
      </div>
    </>
  );
}
