import { handle, otherMethods } from "@/lib/http/route";
import { listDeletedProjectsOperation } from "@/lib/projects/operations";
import { listDeletedProjects } from "@/lib/projects/service";

export const GET = handle(listDeletedProjectsOperation, async ({ actor }) => ({ body: { data: await listDeletedProjects(actor) } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listDeletedProjectsOperation.path);
