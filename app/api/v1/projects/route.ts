import { handle, otherMethods } from "@/lib/http/route";
import { createProjectOperation, listProjectsOperation } from "@/lib/projects/operations";
import { projectEtag } from "@/lib/projects/present";
import { createProject, getProject, listProjects } from "@/lib/projects/service";

export const GET = handle(listProjectsOperation, async ({ actor, query }) => ({ body: await listProjects(actor, query) }));

export const POST = handle(createProjectOperation, async ({ actor, body, meta }) => {
  const created = await createProject(actor, body, meta);
  // Answered as the creator's read shows it (their access included), with that read's ETag.
  const { context, body: project } = await getProject(actor, created.id);
  return {
    status: 201,
    body: project,
    etag: projectEtag(context.project, project.access),
    headers: { Location: `/api/v1/projects/${created.id}` },
  };
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listProjectsOperation.path);
