/**
 * The launcher manifest v2 (DESIGN 8.2) as this launcher reads it, and the checks it makes before
 * trusting one: the Ed25519 signature over the RFC 8785 canonical JSON, and the paths it names.
 */
import { createPublicKey, verify } from "node:crypto";
import canonicalize from "canonicalize";
import { LauncherError } from "./errors";
import { joinGamePath, unsafePathReason } from "./paths";
import type { LaunchOs, Platform } from "./platform";

export type Channel = "STABLE" | "BETA" | "ALPHA";
export const CHANNELS: readonly Channel[] = ["STABLE", "BETA", "ALPHA"];

export interface ArchiveEntry {
  /** Relative to the game folder. */
  path: string;
  size: number;
  sha256: string;
}

export interface ManifestFile {
  id: string;
  name: string;
  kind: string;
  size: number;
  sha256: string;
  url: string;
  /** A plain file's path in the game folder; for an archive, the folder it extracts into. */
  path?: string | null;
  platforms?: Platform[] | null;
  extract?: boolean;
  contents?: ArchiveEntry[] | null;
}

export interface ManifestRelease {
  version: string;
  channel: Channel;
  title: string;
  publishedAt: string | null;
  files: ManifestFile[];
}

export interface LaunchEntry {
  executable: string;
  arguments: string[];
}

export interface Signature {
  keyId: string;
  algorithm: string;
  value: string;
}

export interface Manifest {
  manifestVersion?: number;
  project: { id: string; slug: string; name: string };
  offers: { install: boolean; update: boolean; repair: boolean; start: boolean; versions: boolean };
  launch: LaunchEntry & { platforms?: Partial<Record<LaunchOs, LaunchEntry>> };
  current: ManifestRelease | null;
  channels?: Partial<Record<Channel, ManifestRelease>>;
  versions?: { version: string; channel: Channel; publishedAt: string | null }[];
  installed?: { version: string; state: string };
  update?: { from: string; to: string; files: ManifestFile[]; removed?: string[]; reason?: string } | null;
  signature?: Signature;
}

export interface PublicKey {
  keyId: string;
  algorithm: string;
  /** The raw 32-byte Ed25519 key, base64url. */
  publicKey: string;
}

/** Whether `signature` is a valid Ed25519 signature of the manifest's canonical form (without `signature`) under `key`. */
export function signatureIsValid(manifest: Manifest, key: PublicKey): boolean {
  const { signature, ...signed } = manifest;
  if (signature?.algorithm !== "Ed25519" || key.algorithm !== "Ed25519") return false;
  const canonical = canonicalize(signed);
  if (canonical === undefined) return false;
  try {
    const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.publicKey }, format: "jwk" });
    return verify(null, Buffer.from(canonical, "utf8"), publicKey, Buffer.from(signature.value, "base64url"));
  } catch {
    return false;
  }
}

const sameKey = (a: PublicKey, b: PublicKey) => a.keyId === b.keyId && a.publicKey === b.publicKey && a.algorithm === b.algorithm;

/**
 * Which key to trust for this manifest, after the rotation rule (docs/launcher.md):
 * - nothing pinned yet (first use): the server must list the signing key; it gets pinned;
 * - signed by the pinned key: verified with the pinned key as recorded, whatever the server lists;
 * - signed by another key: accepted only if the server lists that key AND still lists the pinned
 *   one (the rotation window); the pin then moves to the new key.
 * Anything else, or a signature that does not verify, is refused. Returns the key to pin.
 */
export function trustedKey(manifest: Manifest, listed: PublicKey[], pinned: PublicKey | null): PublicKey {
  const signature = manifest.signature;
  if (!signature) throw new LauncherError("The manifest is not signed: refusing it. Is the server older than launcher v2?");
  if (signature.algorithm !== "Ed25519")
    throw new LauncherError(`The manifest is signed with ${signature.algorithm}; this launcher trusts Ed25519 only.`);
  let key: PublicKey | undefined;
  if (pinned && signature.keyId === pinned.keyId) key = pinned;
  else {
    key = listed.find((candidate) => candidate.keyId === signature.keyId);
    if (!key) throw new LauncherError(`The manifest is signed by key ${signature.keyId}, which the server does not list: refusing it.`);
    if (pinned && !listed.some((candidate) => sameKey(candidate, pinned)))
      throw new LauncherError(
        `The manifest is signed by a new key (${signature.keyId}) and the server no longer lists the key pinned in this install (${pinned.keyId}): refusing it. If the platform announced a key change, install again into a new folder.`,
      );
  }
  if (!signatureIsValid(manifest, key))
    throw new LauncherError(
      `The manifest's signature does not verify with key ${key.keyId}: refusing it (it may have been altered on the way).`,
    );
  return { keyId: key.keyId, algorithm: key.algorithm, publicKey: key.publicKey };
}

/** A file's own path (plain file) or folder (archive) in the game folder, as DESIGN 8.2 defaults it. */
export function targetOf(file: ManifestFile): string {
  if (file.extract) return file.path && file.path !== "." ? file.path.replace(/\/+$/, "") : "";
  return file.path || file.name;
}

export interface InstalledPath {
  path: string;
  size: number;
  sha256: string;
  /** The manifest file it comes from. */
  fileId: string;
}

/** Every path a release's file puts into the game folder: itself, or the entries of its archive. */
export function pathsOf(file: ManifestFile): InstalledPath[] {
  if (!file.extract) return [{ path: targetOf(file), size: file.size, sha256: file.sha256, fileId: file.id }];
  if (!file.contents) throw new LauncherError(`The archive ${file.name} comes without its contents list: cannot check what it extracts.`);
  return file.contents.map((entry) => ({ path: entry.path, size: entry.size, sha256: entry.sha256, fileId: file.id }));
}

/** Every path `files` install, refusing unsafe or clashing paths and archive entries outside their archive's folder. */
export function plannedPaths(files: ManifestFile[]): InstalledPath[] {
  const all: InstalledPath[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const target = targetOf(file);
    if (target !== "") {
      const reason = unsafePathReason(target);
      if (reason) throw new LauncherError(`The manifest names an unsafe path for ${file.name} (${target}): ${reason}.`);
    }
    for (const entry of pathsOf(file)) {
      const reason = unsafePathReason(entry.path);
      if (reason) throw new LauncherError(`The manifest names an unsafe path in ${file.name} (${entry.path}): ${reason}.`);
      if (file.extract && target !== "" && !entry.path.startsWith(joinGamePath(target, "")))
        throw new LauncherError(`The manifest lists ${entry.path} in ${file.name}, outside its folder ${target}.`);
      if (seen.has(entry.path)) throw new LauncherError(`The manifest installs ${entry.path} twice.`);
      seen.add(entry.path);
      all.push(entry);
    }
  }
  return all;
}

/** The files of a release meant for `platform` (null platforms: all). The server filters with ?platform= too. */
export function filesFor(release: ManifestRelease, platform: Platform): ManifestFile[] {
  return release.files.filter((file) => !file.platforms || file.platforms.includes(platform));
}
