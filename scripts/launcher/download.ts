/**
 * Downloads that survive interruption: the bytes go to `<name>.part` in the launcher's folder, a
 * later attempt asks for the rest with `Range` (and `If-Range` with the file's ETag, the quoted
 * sha256, so a changed file comes whole), and only bytes whose sha256 matches the manifest are
 * moved into place.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, truncate } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Api } from "./api";
import { ApiError } from "./api";
import { explainFileError, LauncherError } from "./errors";
import type { Progress } from "./progress";

export interface DownloadTarget {
  /** The file's name, for messages. */
  name: string;
  url: string;
  size: number;
  sha256: string;
}

/** The `.part` file of a download: named by sha256, so a part always belongs to exactly one content. */
export function partFileOf(partsFolder: string, sha256: string): string {
  return path.join(partsFolder, `${sha256}.part`);
}

async function hashOf(file: string, upTo: number) {
  const hash = createHash("sha256");
  if (upTo > 0) for await (const chunk of createReadStream(file, { start: 0, end: upTo - 1 })) hash.update(chunk as Buffer);
  return hash;
}

/**
 * Fetches `target` to `destination` (created with its folders), resuming from the `.part` file in
 * `partsFolder`. Checks the ETag against the manifest's sha256 and the bytes against both.
 * A sha256 mismatch deletes the part (its bytes are wrong, resuming them would not help).
 */
export async function download(api: Api, target: DownloadTarget, destination: string, partsFolder: string, progress: Progress) {
  const part = partFileOf(partsFolder, target.sha256);
  try {
    await mkdir(partsFolder, { recursive: true });
    await mkdir(path.dirname(destination), { recursive: true });
  } catch (error) {
    throw explainFileError(error, path.dirname(destination));
  }
  let have = (await stat(part).catch(() => null))?.size ?? 0;
  if (have > target.size) {
    await rm(part, { force: true });
    have = 0;
  }
  const etag = `"${target.sha256}"`;
  let hash = await hashOf(part, have);
  if (have < target.size || target.size === 0) {
    const response = await api.fetch(target.url, {
      headers: have > 0 ? { range: `bytes=${have}-`, "if-range": etag, accept: "*/*" } : { accept: "*/*" },
    });
    if (response.status === 416) {
      // The part does not fit the file on the server: start again.
      await response.body?.cancel();
      await rm(part, { force: true });
      return download(api, target, destination, partsFolder, progress);
    }
    if (response.status === 404 || response.status === 410)
      throw new LauncherError(`${target.name} is no longer offered by the server (${response.status}).`);
    if (!response.ok || !response.body) throw new ApiError(response.status, undefined, `downloading ${target.name} failed`);
    const answeredEtag = response.headers.get("etag");
    if (answeredEtag && answeredEtag.replace(/^W\//, "") !== etag) {
      await response.body.cancel();
      throw new LauncherError(
        `The server sends another file for ${target.name} than the manifest names (ETag ${answeredEtag}): refusing it.`,
      );
    }
    if (response.status === 206) {
      const start = Number(/^bytes (\d+)-/.exec(response.headers.get("content-range") ?? "")?.[1]);
      if (start !== have) {
        await response.body.cancel();
        throw new LauncherError(`The server answered a range from ${start} when asked from ${have} for ${target.name}.`);
      }
    } else {
      // A whole answer (no Range, or If-Range said the file changed): the part starts over.
      if (have > 0) await truncate(part, 0);
      have = 0;
      hash = createHash("sha256");
    }
    progress.start(target.name, target.size, have);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        progress.advance(chunk.length);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
        counter,
        createWriteStream(part, { flags: "a" }),
      );
    } catch (error) {
      throw explainFileError(error, part);
    }
    progress.done();
  }
  const digest = hash.digest("hex");
  if (digest !== target.sha256) {
    await rm(part, { force: true });
    throw new LauncherError(
      `sha256 mismatch for ${target.name}: expected ${target.sha256}, got ${digest}. The download was deleted; run the command again.`,
    );
  }
  try {
    await rename(part, destination);
  } catch (error) {
    throw explainFileError(error, destination);
  }
}
