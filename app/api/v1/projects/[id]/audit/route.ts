import { listProjectAudit } from "@/lib/audit/service";
import { handle, otherMethods } from "@/lib/http/route";
import { projectAuditOperation } from "@/lib/audit/operations";

export const GET = handle(projectAuditOperation, async ({ actor, params, query }) => ({
  body: await listProjectAudit(actor, params.id, query),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(projectAuditOperation.path);
