import { createHash } from "node:crypto";
import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit/record";
import { db } from "../db/client";
import { NotFound, PreconditionFailed, UnsupportedMediaType, ValidationFailed } from "../errors";
import { fileStore, IMAGE_TYPES, sniffImageType } from "../files/store";
import { authorizeProject, loadProject } from "./access";
import { presentProject } from "./present";

export const IMAGE_KINDS = ["banner", "logo"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const FIELD = { banner: "bannerUrl", logo: "logoUrl" } as const;

export function imagePath(projectId: string, kind: ImageKind, fileId: string) {
  return `/api/v1/projects/${projectId}/images/${kind}?v=${fileId}`;
}

/** Stores an uploaded banner or logo (checked by its bytes, not its declared type) and points the project at it. */
export async function uploadProjectImage(actor: Actor, projectId: string, kind: ImageKind, upload: { bytes: Buffer; contentType: string }, expectedVersion: number, meta: RequestMeta) {
  await authorizeProject(actor, projectId, "project.edit");
  const actual = sniffImageType(upload.bytes);
  if (!actual) throw new UnsupportedMediaType(IMAGE_TYPES.join(", "));
  if (actual !== upload.contentType) {
    throw new ValidationFailed([{ path: kind, message: `The file is ${actual}, not ${upload.contentType}.` }]);
  }
  const store = fileStore();
  const storageKey = await store.put(upload.bytes);
  try {
    return await db.$transaction(async (tx) => {
      const context = await authorizeProject(actor, projectId, "project.edit", tx);
      const file = await tx.storedFile.create({
        data: { storageKey, contentType: actual, size: upload.bytes.length, sha256: createHash("sha256").update(upload.bytes).digest("hex"), ownerId: actor.userId },
      });
      const url = imagePath(projectId, kind, file.id);
      const { count } = await tx.project.updateMany({ where: { id: projectId, version: expectedVersion, deletedAt: null }, data: { [FIELD[kind]]: url, version: { increment: 1 } } });
      if (count === 0) throw new PreconditionFailed();
      const updated = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
      await recordAudit(tx, { ...auditContext(actor, meta), override: context.access.override }, {
        action: "project.image",
        targetType: "project",
        targetId: projectId,
        projectId,
        changes: { [FIELD[kind]]: { before: context.project[FIELD[kind]], after: url } },
      });
      return { project: updated, body: presentProject(updated, context) };
    });
  } catch (error) {
    await store.remove(storageKey);
    throw error;
  }
}

/** The project's current banner or logo, for whoever may see the project. */
export async function readProjectImage(actor: Actor | null, projectId: string, kind: ImageKind) {
  const { project } = await loadProject(actor, projectId);
  const fileId = /\/images\/(?:banner|logo)\?v=([\w-]+)$/.exec(project[FIELD[kind]] ?? "")?.[1];
  const file = fileId ? await db.storedFile.findUnique({ where: { id: fileId } }) : null;
  const bytes = file ? await fileStore().get(file.storageKey) : null;
  if (!file || !bytes) throw new NotFound("image");
  return { bytes, contentType: file.contentType, etag: `"${file.sha256}"` };
}
