import type { Client } from "openapi-fetch";
// Generated from our OpenAPI document by openapi-typescript when the typed-client test runs.
import type { components, paths } from "./api";

type Project = components["schemas"]["Project"];
type Member = components["schemas"]["Member"];
/** The JSON body an operation takes, straight from the generated types (excess fields do not compile). */
type Body<Path extends keyof paths, Method extends "post" | "patch" | "put"> = paths[Path][Method] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;

/**
 * A partner's workflow written against the generated types only, the way an API user would:
 * create a project, read it with its ETag, change it with If-Match, define a role, add a member,
 * list the team, and submit the project for review. Any drift between the document and the
 * server breaks either the type-check or the run.
 */
export async function partnerWorkflow(client: Client<paths>, memberUsername: string) {
  const newProject: Body<"/api/v1/projects", "post"> = {
    name: "Typed Client Project",
    description: "Made by a generated client.",
    game: "Minecraft",
    category: "Survival",
    visibility: "PUBLIC",
  };
  const created = await client.POST("/api/v1/projects", { body: newProject });
  if (!created.data) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
  const project: Project = created.data;
  const location = created.response.headers.get("Location");

  const read = await client.GET("/api/v1/projects/{id}", { params: { path: { id: project.id } } });
  const etag = read.response.headers.get("ETag");
  if (!read.data || !etag) throw new Error("read failed");

  const change: Body<"/api/v1/projects/{id}", "patch"> = {
    websiteUrl: "https://typed.example.org",
    logoUrl: "https://typed.example.org/logo.png",
  };
  const patched = await client.PATCH("/api/v1/projects/{id}", {
    params: { path: { id: project.id }, header: { "If-Match": etag } },
    body: change,
  });
  if (!patched.data) throw new Error(`patch failed: ${JSON.stringify(patched.error)}`);

  const stale = await client.PATCH("/api/v1/projects/{id}", {
    params: { path: { id: project.id }, header: { "If-Match": etag } },
    body: { game: "Stale" },
  });
  const staleCode: string | undefined = stale.error?.code;

  const builder: Body<"/api/v1/projects/{id}/roles", "post"> = { name: "Builder", permissions: ["project.view", "members.view"], rank: 30 };
  const role = await client.POST("/api/v1/projects/{id}/roles", { params: { path: { id: project.id } }, body: builder });
  if (!role.data) throw new Error(`role failed: ${JSON.stringify(role.error)}`);

  const newMember: Body<"/api/v1/projects/{id}/members", "post"> = { username: memberUsername, roleId: role.data.id };
  const added = await client.POST("/api/v1/projects/{id}/members", { params: { path: { id: project.id } }, body: newMember });
  if (!added.data) throw new Error(`add member failed: ${JSON.stringify(added.error)}`);

  const team = await client.GET("/api/v1/projects/{id}/members", { params: { path: { id: project.id } } });
  const members: Member[] = team.data?.data ?? [];

  const submit: Body<"/api/v1/projects/{id}/status", "post"> = { status: "IN_REVIEW" };
  const submitted = await client.POST("/api/v1/projects/{id}/status", { params: { path: { id: project.id } }, body: submit });
  const missing = submitted.error?.missing;

  return {
    project,
    location,
    etag,
    patched: patched.data,
    staleCode,
    members,
    submitted: submitted.data ?? null,
    submitError: submitted.error?.code,
    missing,
  };
}
