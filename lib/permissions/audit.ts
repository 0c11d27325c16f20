/**
 * What an audit reader sees of an entry (DESIGN.md section 6): only what the reader could read
 * anyway. Pure functions; lib/audit/service.ts applies them to every audit view.
 */
import { hasPlatformPermission, PLATFORM_PERMISSIONS, type PlatformPermission, type PlatformSubject } from "./platform";

/** Fields of a user record that only `users.readAny` reads (the public profile is username, display name, avatar). */
export const PERSONAL_USER_FIELDS: readonly string[] = [
  "email",
  "dateOfBirth",
  "language",
  "settings",
  "emailVerifiedAt",
  "suspendedReason",
];

/** The audit target types that describe warnings: a trace of a warning needs `warnings.read`. */
export const WARNING_TARGET_TYPES: readonly string[] = ["warning"];

export const HIDDEN_VALUE = "[hidden]";

export interface AuditVisibility {
  /** Entries about warnings are listed at all. */
  warnings: boolean;
  /** Personal fields of user targets are shown, not hidden. */
  personalFields: boolean;
  /** The IP address of the actor is shown. */
  ips: boolean;
}

/** Staff: holds (and, for a token, may use) a platform permission beyond creating projects. */
export function isStaff(subject: PlatformSubject | null): boolean {
  return (Object.keys(PLATFORM_PERMISSIONS) as PlatformPermission[]).some(
    (permission) => permission !== "projects.create" && hasPlatformPermission(subject, permission),
  );
}

export function auditVisibility(reader: PlatformSubject | null): AuditVisibility {
  return {
    warnings: hasPlatformPermission(reader, "warnings.read"),
    personalFields: hasPlatformPermission(reader, "users.readAny"),
    ips: isStaff(reader),
  };
}

export interface AuditEntryView {
  targetType: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip: string | null;
}

/** The entry as `visibility` allows: personal fields of users hidden, the IP dropped. Warning entries are filtered before this. */
export function redactAuditEntry<T extends AuditEntryView>(entry: T, visibility: AuditVisibility): T {
  const hidePersonal = entry.targetType === "user" && !visibility.personalFields;
  const changes = hidePersonal
    ? Object.fromEntries(
        Object.entries(entry.changes).map(([field, change]) => [
          field,
          PERSONAL_USER_FIELDS.includes(field) ? { before: HIDDEN_VALUE, after: HIDDEN_VALUE } : change,
        ]),
      )
    : entry.changes;
  return { ...entry, changes, ip: visibility.ips ? entry.ip : null };
}
