import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { DataTable } from "@/components/dashboards/data-table";
import { formatInstantInZone } from "@/lib/scheduling/time";
import type { DeadLetter } from "@/lib/platform/outbox/outbox";

/** Dead-lettered outbox messages with a Retry button per row; payloads (personal data) are not shown. Times in `zone`, named. */
export function DeadLetterTable({ messages, retry, zone }: { messages: DeadLetter[]; retry: FormAction; zone: string }) {
  if (messages.length === 0) return <p className="text-slate-700">No messages are waiting for a retry.</p>;
  return (
    <DataTable
      caption="Dead-lettered messages, most recent first"
      columns={["Message", "Topic", "Attempts", "Last error", "Created", "Gave up", ""]}
    >
      {messages.map((message) => (
        <tr key={message.id} className="border-t border-slate-200 align-top">
          <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
            #{message.id}
          </th>
          <td className="px-3 py-2 font-mono text-xs">{message.topic}</td>
          <td className="px-3 py-2">{message.attempts}</td>
          <td className="px-3 py-2 break-words text-slate-800">{message.lastError ?? "—"}</td>
          <td className="px-3 py-2 whitespace-nowrap">{formatInstantInZone(message.createdAt, zone)}</td>
          <td className="px-3 py-2 whitespace-nowrap">{formatInstantInZone(message.deadAt, zone)}</td>
          <td className="px-3 py-2">
            <ActionForm action={retry}>
              <input type="hidden" name="id" value={message.id} />
              <button
                type="submit"
                aria-label={`Retry message ${message.id}`}
                className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
              >
                Retry
              </button>
            </ActionForm>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
