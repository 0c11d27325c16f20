import { createHash } from "node:crypto";
import type { Actor, RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db } from "../db/client";
import { NotFound, PayloadTooLarge, PreconditionFailed, ValidationFailed } from "../errors";
import { fileStore, notAnImage, sniffImageType } from "../files/store";
import { inProject } from "./access";
import { requireNotInReview, reviewedChange } from "./reviewed-content";
import { presentProject } from "./present";

export const IMAGE_KINDS = ["banner", "logo"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/**
 * Stored images per project, in bytes. A project shows one banner and one logo (each at most
 * MAX_IMAGE_BYTES) and replaced images are deleted, so 8 MiB leaves room for a replacement in
 * flight and stops a project from filling the disk if a deletion ever fails.
 */
export const MAX_IMAGE_BYTES_PER_PROJECT = 8 * 1024 * 1024;
/** The project field that holds each image's address. */
export const IMAGE_FIELD = { banner: "bannerUrl", logo: "logoUrl" } as const;

/** The stored file id in a project's own image path, or null for https URLs and other projects' paths. */
export function storedImageId(projectId: string, url: string | null | undefined): string | null {
  const match = /^\/api\/v1\/projects\/([\w-]+)\/images\/(?:banner|logo)\?v=([\w-]+)$/.exec(url ?? "");
  return match && match[1] === projectId ? match[2] : null;
}

/** Deletes stored images the project no longer points at (row, then bytes). Runs after the change committed. */
export async function removeReplacedImages(projectId: string, fileIds: (string | null)[]) {
  const ids = fileIds.filter((id): id is string => id !== null);
  if (!ids.length) return;
  const project = await db.project.findUnique({ where: { id: projectId }, select: { bannerUrl: true, logoUrl: true } });
  const inUse = new Set([storedImageId(projectId, project?.bannerUrl), storedImageId(projectId, project?.logoUrl)]);
  const unused = await db.storedFile.findMany({ where: { id: { in: ids.filter((id) => !inUse.has(id)) }, projectId } });
  if (!unused.length) return;
  await db.storedFile.deleteMany({ where: { id: { in: unused.map((file) => file.id) } } });
  const store = fileStore();
  for (const file of unused) await store.remove(file.storageKey);
}

export function imagePath(projectId: string, kind: ImageKind, fileId: string) {
  return `/api/v1/projects/${projectId}/images/${kind}?v=${fileId}`;
}

/** Stores an uploaded banner or logo (checked by its bytes, not its declared type) and points the project at it. */
export async function uploadProjectImage(
  actor: Actor,
  projectId: string,
  kind: ImageKind,
  upload: { bytes: Buffer; contentType: string },
  expectedVersion: number,
  meta: RequestMeta,
) {
  // Refused before the bytes are stored; the transaction below asks again under the row lock.
  requireNotInReview((await inProject(actor, projectId, { permission: "project.edit" })).project);
  const actual = sniffImageType(upload.bytes);
  if (!actual) throw notAnImage();
  if (actual !== upload.contentType) {
    throw new ValidationFailed([{ path: kind, message: `The file is ${actual}, not ${upload.contentType}.` }]);
  }
  const store = fileStore();
  const storageKey = await store.put(upload.bytes);
  const result = await db
    .$transaction(async (tx) => {
      const context = await inProject(actor, projectId, { permission: "project.edit", client: tx });
      await reviewedChange(tx, context.project);
      const stored = await tx.storedFile.aggregate({ where: { projectId }, _sum: { size: true } });
      if ((stored._sum.size ?? 0) + upload.bytes.length > MAX_IMAGE_BYTES_PER_PROJECT)
        throw new PayloadTooLarge(MAX_IMAGE_BYTES_PER_PROJECT);
      const file = await tx.storedFile.create({
        data: {
          storageKey,
          contentType: actual,
          size: upload.bytes.length,
          sha256: createHash("sha256").update(upload.bytes).digest("hex"),
          ownerId: actor.userId,
          projectId,
        },
      });
      const url = imagePath(projectId, kind, file.id);
      const { count } = await tx.project.updateMany({
        where: { id: projectId, version: expectedVersion, deletedAt: null },
        data: { [IMAGE_FIELD[kind]]: url, version: { increment: 1 } },
      });
      if (count === 0) throw new PreconditionFailed();
      const updated = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
      await recordAudit(tx, context.audit(meta), {
        action: "project.image",
        targetType: "project",
        targetId: projectId,
        projectId,
        changes: { [IMAGE_FIELD[kind]]: { before: context.project[IMAGE_FIELD[kind]], after: url } },
      });
      return {
        project: updated,
        body: presentProject(updated, context),
        replaced: storedImageId(projectId, context.project[IMAGE_FIELD[kind]]),
      };
    })
    .catch(async (error: unknown) => {
      // The transaction failed: no stored file refers to these bytes.
      await store.remove(storageKey);
      throw error;
    });
  await removeReplacedImages(projectId, [result.replaced]);
  return { project: result.project, body: result.body };
}

/** The project's current banner or logo, for whoever may see the project. */
export async function readProjectImage(actor: Actor | null, projectId: string, kind: ImageKind) {
  const { project } = await inProject(actor, projectId);
  const fileId = storedImageId(project.id, project[IMAGE_FIELD[kind]]);
  const file = fileId ? await db.storedFile.findFirst({ where: { id: fileId, projectId: project.id } }) : null;
  const bytes = file ? await fileStore().get(file.storageKey) : null;
  if (!file || !bytes) throw new NotFound("image");
  return { bytes, contentType: file.contentType, etag: `"${file.sha256}"` };
}
