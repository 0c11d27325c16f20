import { handle, otherMethods } from "@/lib/http/route";
import { listLauncherProjectsOperation } from "@/lib/launcher/operations";
import { listLauncherProjects } from "@/lib/launcher/service";

export const GET = handle(listLauncherProjectsOperation, async ({ query }) => ({ body: await listLauncherProjects(query) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listLauncherProjectsOperation.path);
