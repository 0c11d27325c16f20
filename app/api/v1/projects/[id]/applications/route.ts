import { applyOperation, listProjectApplicationsOperation } from "@/lib/applications/operations";
import { applyToProject, listProjectApplications } from "@/lib/applications/service";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(listProjectApplicationsOperation, async ({ actor, params, query }) => ({
  body: await listProjectApplications(actor, params.id, query),
}));

export const POST = handle(applyOperation, async ({ actor, params, body, meta }) => ({
  status: 201,
  body: await applyToProject(actor, params.id, body, meta),
}));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listProjectApplicationsOperation.path);
