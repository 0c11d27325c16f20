import { createHash } from "node:crypto";
import sharp from "sharp";
import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { invalidateCallers } from "../auth/caller-cache";
import { recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import { NotFound, ValidationFailed } from "../errors";
import { fileStore, notAnImage, sniffImageType } from "../files/store";
import { AVATAR_SIZE } from "./schemas";

/**
 * Uploaded avatars (DESIGN §8.2, "Data rights"). Served by us, never hotlinked: a picture on another
 * host would send every visitor's address there. The upload is checked by its bytes, decoded and
 * drawn again at AVATAR_SIZE px square as WebP: whatever the file carried besides the picture
 * (EXIF with places and cameras, colour profiles, comments, trailing bytes) is not in what we keep.
 */
/** Larger pictures are refused before they are decoded (a small file can claim a huge canvas). */
const MAX_AVATAR_PIXELS = 40_000_000;
const AVATAR_TYPE = "image/webp";

export function avatarPath(userId: string, fileId: string) {
  return `/api/v1/users/${userId}/avatar?v=${fileId}`;
}

/** The stored file of the user's own avatar address, or null (none, or an address that is not one). */
export function storedAvatarId(userId: string, url: string | null | undefined): string | null {
  const match = /^\/api\/v1\/users\/([\w-]+)\/avatar\?v=([\w-]+)$/.exec(url ?? "");
  return match && match[1] === userId ? match[2] : null;
}

/**
 * An image drawn again as a square WebP, or a 400 that says why it cannot be. Decoding is lenient
 * with damaged data (`failOn: "none"`, as browsers are: what decodes is drawn again); a file that
 * does not decode at all, or claims a canvas over MAX_AVATAR_PIXELS, is refused.
 */
async function redraw(bytes: Buffer): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_AVATAR_PIXELS, failOn: "none", animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new ValidationFailed([
      { path: "avatar", message: "This picture cannot be read, or it is larger than 40 megapixels. Try another file." },
    ]);
  }
}

/** Stores a new avatar for the caller and points the account at it; the one it replaces is deleted. */
export async function uploadAvatar(actor: Actor, upload: { bytes: Buffer }, meta: RequestMeta) {
  const picture = await redraw(upload.bytes);
  const store = fileStore();
  const storageKey = await store.put(picture);
  return changeAvatar(actor, meta, async (tx, userId) => {
    const file = await tx.storedFile.create({
      data: {
        storageKey,
        contentType: AVATAR_TYPE,
        size: picture.length,
        sha256: createHash("sha256").update(picture).digest("hex"),
        ownerId: userId,
      },
    });
    return avatarPath(userId, file.id);
  }).catch(async (error: unknown) => {
    // The change failed: no stored file refers to these bytes.
    await store.remove(storageKey);
    throw error;
  });
}

/** Removes the caller's picture (the portal's Remove; PUT /users/me with avatarUrl null does the same with If-Match). */
export function removeAvatar(actor: Actor, meta: RequestMeta) {
  return changeAvatar(actor, meta, async () => null);
}

/**
 * Points the caller's account at the address `next` gives (in the same transaction, with its
 * audit entry), then deletes the picture it pointed at before.
 */
async function changeAvatar(actor: Actor, meta: RequestMeta, next: (tx: Tx, userId: string) => Promise<string | null>) {
  const { user, replaced } = await db.$transaction(async (tx) => {
    const current = await tx.user.findUnique({ where: { id: actor.userId } });
    if (!current) throw new NotFound("account");
    const url = await next(tx, current.id);
    if (url === current.avatarUrl) return { user: current, replaced: null };
    const updated = await tx.user.update({ where: { id: current.id }, data: { avatarUrl: url, version: { increment: 1 } } });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "user.avatar",
      targetType: "user",
      targetId: current.id,
      changes: { avatarUrl: { before: current.avatarUrl, after: url } },
    });
    return { user: updated, replaced: storedAvatarId(current.id, current.avatarUrl) };
  });
  await removeUnusedAvatar(user.id, replaced);
  await invalidateCallers([user.id]);
  return user;
}

/** Deletes a stored avatar the user no longer points at (row, then bytes). Runs after the change committed. */
export async function removeUnusedAvatar(userId: string, fileId: string | null): Promise<void> {
  if (!fileId) return;
  const user = await db.user.findUnique({ where: { id: userId }, select: { avatarUrl: true } });
  if (storedAvatarId(userId, user?.avatarUrl) === fileId) return;
  const file = await db.storedFile.findFirst({ where: { id: fileId, ownerId: userId, projectId: null } });
  if (!file) return;
  await db.storedFile.delete({ where: { id: file.id } });
  await fileStore().remove(file.storageKey);
}

/**
 * `avatarUrl` in a profile change: null removes the picture; the current value changes nothing.
 * A picture comes only as an upload (PUT /users/me/avatar), never as an address of another host.
 */
export function assertAvatarUrlKept(current: string | null, requested: string | null | undefined): void {
  if (requested === undefined || requested === null || requested === current) return;
  throw new ValidationFailed([
    { path: "avatarUrl", message: "Upload the picture instead (PUT /api/v1/users/me/avatar); avatarUrl takes only null, to remove it." },
  ]);
}

/** Anyone may see a user's picture, as anyone sees their name next to their work. */
export async function readAvatar(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, avatarUrl: true } });
  const fileId = user ? storedAvatarId(user.id, user.avatarUrl) : null;
  const file = fileId ? await db.storedFile.findFirst({ where: { id: fileId, ownerId: userId } }) : null;
  const bytes = file ? await fileStore().get(file.storageKey) : null;
  if (!file || !bytes) throw new NotFound("avatar");
  return { fileId: file.id, bytes, contentType: file.contentType, etag: `"${file.sha256}"` };
}
