import type { AuditEntryView } from "../audit/schemas";

/** An audit entry as the audit views answer it: by Pia on Skyforge (ids of the tests' own names), in the portal, with `fields` over it. */
export function auditEntryView(
  fields: Partial<AuditEntryView> & Pick<AuditEntryView, "action" | "targetType" | "targetId">,
): AuditEntryView {
  return {
    id: "e1",
    at: "2026-11-27T10:00:00.000Z",
    actor: { id: "u-pia", displayName: "Pia (Partner)" },
    via: "SESSION",
    projectId: "p-sky",
    changes: {},
    ip: null,
    requestId: null,
    ...fields,
  };
}
