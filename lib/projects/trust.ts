import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db } from "../db/client";
import { Forbidden, PreconditionFailed } from "../errors";
import { hasPlatformPermission } from "../permissions";
import { inProject } from "./access";
import { presentProject } from "./present";
import type { TrustInput } from "./schemas";

/**
 * PUT /projects/{id}/trust (DESIGN §8.2): staff with projects.review mark a project trusted (its
 * team publishes releases without release review) or lift it, always with a reason. The project's
 * version moves (its ETag changes: `trusted` is part of it); with If-Match a stale version is 412.
 * Reviewers on the project's team do not decide its trust (403), as with review decisions.
 */
export async function setProjectTrust(
  actor: Actor,
  projectId: string,
  input: TrustInput,
  expectedVersion: number | null,
  meta: RequestMeta,
) {
  if (!hasPlatformPermission(actor, "projects.review"))
    throw new Forbidden("Trusting a project needs the projects.review permission (tokens: the admin and write scopes).");
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { client: tx });
    const before = context.project;
    if (context.membership) throw new Forbidden("You are on this project's team, so another reviewer decides its trust.", "own_project");
    if (expectedVersion !== null && before.version !== expectedVersion) throw new PreconditionFailed();
    const project = await tx.project.update({
      where: { id: projectId },
      data: { trusted: input.trusted, trustReason: input.reason, version: { increment: 1 } },
    });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "project.trust",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: {
        trusted: { before: before.trusted, after: project.trusted },
        reason: { before: before.trustReason, after: project.trustReason },
      },
    });
    return { project, body: presentProject(project, context) };
  });
}
