import type { Tx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { PreconditionFailed } from "../errors";

/** Applies `data` when the project still has `expectedVersion`, raising the version; 412 otherwise. */
export async function versionedUpdate(tx: Tx, projectId: string, expectedVersion: number, data: Prisma.ProjectUpdateManyMutationInput) {
  const { count } = await tx.project.updateMany({
    where: { id: projectId, version: expectedVersion, deletedAt: null },
    data: { ...data, version: { increment: 1 } },
  });
  if (count === 0) throw new PreconditionFailed();
  return tx.project.findUniqueOrThrow({ where: { id: projectId } });
}
