import { recordAudit, type AuditContext } from "../audit-log/record";
import type { Tx } from "../db/client";

/**
 * A security event about a user (a lockout, a revoked token in use), written by the system as a
 * warning the platform team sees, with its audit entry, in the caller's transaction.
 */
export async function recordSecurityWarning(
  tx: Tx,
  userId: string,
  event: { reason: string; internalNote: string },
  context: AuditContext,
) {
  const warning = await tx.warning.create({ data: { userId, kind: "SECURITY_EVENT", severity: "MEDIUM", ...event } });
  await recordAudit(tx, context, { action: "warning.create", targetType: "warning", targetId: warning.id });
  return warning;
}
