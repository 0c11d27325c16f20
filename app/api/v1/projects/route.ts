import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { createProjectOperation, listProjectsOperation } from "@/lib/projects/operations";
import { presentProject } from "@/lib/projects/present";
import { createProject, listProjects } from "@/lib/projects/service";

export const GET = handle(listProjectsOperation, async ({ actor, query }) => ({ body: await listProjects(actor, query) }));

export const POST = handle(createProjectOperation, async ({ actor, body, meta }) => {
  const project = await createProject(actor, body, meta);
  return {
    status: 201,
    body: presentProject(project),
    etag: versionEtag(project),
    headers: { Location: `/api/v1/projects/${project.id}` },
  };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listProjectsOperation.path);
