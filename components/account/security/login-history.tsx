import type { z } from "zod";
import type { loginEventSchema } from "@/lib/account/schemas";

const METHODS: Record<z.infer<typeof loginEventSchema>["method"], string> = {
  PASSWORD: "password",
  PASSWORD_TOTP: "password + code",
  RECOVERY_CODE: "password + recovery code",
  TOKEN: "access token sign-in",
};

/** Sign-in attempts, newest first; `reason` is filled for staff only. */
export function LoginHistoryTable({ events }: { events: z.infer<typeof loginEventSchema>[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No sign-in attempts yet.</p>;
  const withReason = events.some((event) => event.reason !== null);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Login history">
        <thead className="text-slate-500">
          <tr>
            <th className="py-2 pr-4 font-medium">When</th>
            <th className="py-2 pr-4 font-medium">Result</th>
            <th className="py-2 pr-4 font-medium">Method</th>
            <th className="py-2 pr-4 font-medium">Address</th>
            <th className="py-2 pr-4 font-medium">Client</th>
            {withReason && <th className="py-2 font-medium">Reason</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {events.map((event) => (
            <tr key={event.id}>
              <td className="py-2 pr-4 whitespace-nowrap">{new Date(event.at).toLocaleString("en")}</td>
              <td className={`py-2 pr-4 ${event.success ? "text-emerald-700" : "text-red-700"}`}>{event.success ? "signed in" : "failed"}</td>
              <td className="py-2 pr-4">{METHODS[event.method]}</td>
              <td className="py-2 pr-4">{event.ip ?? "unknown"}</td>
              <td className="max-w-xs truncate py-2 pr-4" title={event.userAgent ?? undefined}>{event.userAgent ?? "unknown"}</td>
              {withReason && <td className="py-2">{event.reason ?? ""}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
