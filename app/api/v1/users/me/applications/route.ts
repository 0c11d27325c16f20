import { listMyApplicationsOperation } from "@/lib/applications/operations";
import { listMyApplications } from "@/lib/applications/service";
import { handle } from "@/lib/http/route";

export const GET = handle(listMyApplicationsOperation, async ({ actor, query }) => ({ body: await listMyApplications(actor, query) }));
