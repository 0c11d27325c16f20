/**
 * The manifest's signature (Ed25519 over the RFC 8785 canonical JSON without `signature`) and the
 * key rotation rule of scripts/launcher/manifest.ts, with keys made by node:crypto; and the paths
 * a manifest may name.
 */
import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import { type Manifest, type ManifestFile, plannedPaths, type PublicKey, signatureIsValid, trustedKey } from "./manifest";

function keyPair(keyId: string): { key: PublicKey; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return { key: { keyId, algorithm: "Ed25519", publicKey: publicKey.export({ format: "jwk" }).x! }, privateKey };
}

const UNSIGNED: Manifest = {
  manifestVersion: 2,
  project: { id: "p1", slug: "skyforge", name: "Skyforge" },
  offers: { install: true, update: true, repair: true, start: true, versions: true },
  launch: { executable: "bin/game", arguments: ["--fast", "ünïcode ✓"] },
  current: {
    version: "1.0.0",
    channel: "STABLE",
    title: "First",
    publishedAt: "2026-11-26T00:00:00.000Z",
    files: [
      {
        id: "f1",
        name: "game.zip",
        kind: "SOFTWARE",
        size: 10,
        sha256: "a".repeat(64),
        url: "/x",
        path: null,
        platforms: null,
        extract: false,
      },
    ],
  },
};

function signed(manifest: Manifest, signer: { key: PublicKey; privateKey: KeyObject }): Manifest {
  const value = sign(null, Buffer.from(canonicalize(manifest)!), signer.privateKey).toString("base64url");
  return { ...manifest, signature: { keyId: signer.key.keyId, algorithm: "Ed25519", value } };
}

const OLD = keyPair("k-2026");
const NEW = keyPair("k-2027");
const STRANGER = keyPair("k-2026");

describe("signature", () => {
  it("verifies the canonical form whatever the member order, and nothing else", () => {
    const manifest = signed(UNSIGNED, OLD);
    expect(signatureIsValid(manifest, OLD.key)).toBe(true);
    // The same members in another order (as JSON.parse of another serialization gives) verify too.
    const { signature, current, ...others } = manifest;
    const reordered = JSON.parse(JSON.stringify({ signature, current, ...others })) as Manifest;
    expect(signatureIsValid(reordered, OLD.key)).toBe(true);
    expect(signatureIsValid({ ...manifest, launch: { ...manifest.launch, arguments: ["--evil"] } }, OLD.key)).toBe(false);
    expect(signatureIsValid(manifest, NEW.key)).toBe(false);
    expect(signatureIsValid({ ...manifest, signature: { ...manifest.signature!, value: "AAAA" } }, OLD.key)).toBe(false);
    expect(signatureIsValid({ ...manifest, signature: { ...manifest.signature!, algorithm: "RS256" } }, OLD.key)).toBe(false);
  });
});

describe("key pinning and rotation", () => {
  const byOld = signed(UNSIGNED, OLD);
  const byNew = signed(UNSIGNED, NEW);
  const cases: [string, Manifest, PublicKey[], PublicKey | null, string | RegExp][] = [
    ["first use, key listed: pinned", byOld, [OLD.key], null, OLD.key.keyId],
    ["first use, key not listed", byOld, [NEW.key], null, /which the server does not list/],
    [
      "pinned key signs: verified with the pin even if the server lists another key under its id",
      byOld,
      [STRANGER.key],
      OLD.key,
      OLD.key.keyId,
    ],
    ["a server key impersonating the pinned id does not verify", signed(UNSIGNED, STRANGER), [STRANGER.key], OLD.key, /does not verify/],
    ["new key, listed, old one still listed: the pin moves", byNew, [OLD.key, NEW.key], OLD.key, NEW.key.keyId],
    ["new key, listed, old one gone", byNew, [NEW.key], OLD.key, /no longer lists the key pinned/],
    ["new key, listed, old id listed with another key", byNew, [STRANGER.key, NEW.key], OLD.key, /no longer lists the key pinned/],
    ["new key not listed", byNew, [OLD.key], OLD.key, /does not list/],
    ["tampered manifest", { ...byOld, offers: { ...byOld.offers, start: false } }, [OLD.key], OLD.key, /does not verify/],
    ["unsigned manifest", UNSIGNED, [OLD.key], null, /not signed/],
  ];
  it.each(cases)("%s", (_case, manifest, listed, pinned, expected) => {
    if (typeof expected === "string") expect(trustedKey(manifest, listed, pinned).keyId).toBe(expected);
    else expect(() => trustedKey(manifest, listed, pinned)).toThrow(expected);
  });
});

describe("paths a manifest names", () => {
  const file = (overrides: Partial<ManifestFile>): ManifestFile => ({
    id: "f",
    name: "f.bin",
    kind: "SOFTWARE",
    size: 1,
    sha256: "b".repeat(64),
    url: "/f",
    ...overrides,
  });
  it("a plain file goes to its path (default: its name), an archive's entries to theirs", () => {
    const planned = plannedPaths([
      file({ id: "a", name: "a.bin" }),
      file({ id: "b", name: "b.bin", path: "bin/b" }),
      file({ id: "c", name: "c.zip", extract: true, path: "data", contents: [{ path: "data/x", size: 2, sha256: "c".repeat(64) }] }),
    ]);
    expect(planned.map((entry) => [entry.path, entry.fileId])).toEqual([
      ["a.bin", "a"],
      ["bin/b", "b"],
      ["data/x", "c"],
    ]);
  });
  it.each([
    [[file({ path: "../x" })], /unsafe path/],
    [[file({ path: "/etc/x" })], /unsafe path/],
    [[file({ extract: true, path: "data", contents: [{ path: "other/x", size: 1, sha256: "c" }] })], /outside its folder/],
    [[file({ extract: true, contents: [{ path: "../x", size: 1, sha256: "c" }] })], /unsafe path/],
    [[file({ extract: true, contents: null })], /without its contents/],
    [[file({ id: "1", path: "x" }), file({ id: "2", path: "x" })], /twice/],
  ])("refuses %j", (files, message) => {
    expect(() => plannedPaths(files)).toThrow(message);
  });
});
