import { listMyApplicationsOperation } from "@/lib/applications/operations";
import { listMyApplications } from "@/lib/applications/service";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(listMyApplicationsOperation, async ({ actor, query }) => ({ body: await listMyApplications(actor, query) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listMyApplicationsOperation.path);
