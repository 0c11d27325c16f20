import { listAudit } from "@/lib/audit/service";
import { handle, otherMethods } from "@/lib/http/route";
import { auditOperation } from "@/lib/audit/operations";

export const GET = handle(auditOperation, async ({ actor, query }) => ({ body: await listAudit(actor, query) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(auditOperation.path);
