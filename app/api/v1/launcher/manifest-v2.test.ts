/**
 * Launcher v2 (DESIGN §8.2, issue 26), server side: files with install paths, platforms and
 * archive contents; the manifest's channels, versions, platforms and update rules; offers
 * enforced; the Ed25519 signature and the published keys.
 */
import { createPublicKey, verify } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import * as keysRoute from "@/app/api/v1/launcher/keys/route";
import * as manifestRoute from "@/app/api/v1/launcher/projects/[id]/manifest/route";
import * as filesRoute from "@/app/api/v1/projects/[id]/files/route";
import * as launcherRoute from "@/app/api/v1/projects/[id]/launcher/route";
import { db } from "@/lib/db/client";
import { generateSigningKey } from "@/lib/launcher/signing";
import { createRelease, updateRelease } from "@/lib/releases/service";
import { actorOf, createPartner, createProjectFor, offeringEverything, testMeta, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { buildZip } from "@/lib/testing/zip";

const LAUNCH = {
  executable: "bin/game.exe",
  arguments: ["--fullscreen"],
  platforms: { linux: { executable: "bin/game.sh", arguments: ["--x11"] } },
  minimumLauncherVersion: null,
  minimumMemoryMb: 0,
};
const OFFER_ALL = offeringEverything(LAUNCH);

async function launcherProject(settings: Partial<typeof OFFER_ALL> = {}) {
  const owner = await createPartner();
  const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "LAUNCHER", modules: ["LAUNCHER", "DOWNLOADS"] });
  await db.project.update({ where: { id: project.id }, data: { trusted: true, settings: { offerPrereleases: true } } });
  const token = await tokenFor(owner.id);
  const saved = await call(launcherRoute.PUT, "PUT", "/", { token, params: { id: project.id }, body: { ...OFFER_ALL, ...settings } });
  expect(saved.status).toBe(200);
  return { owner, project, token };
}

/** POST /projects/{id}/files with the query as given and the bytes as the body. */
async function upload(token: string, projectId: string, query: string, bytes: Buffer | string) {
  const request = new Request(`http://127.0.0.1:3000/api/v1/projects/${projectId}/files?${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "x-forwarded-for": "10.1.1.1" },
    body: new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]).stream(),
    duplex: "half",
  } as RequestInit);
  const response = await filesRoute.POST(request, { params: Promise.resolve({ id: projectId }) });
  return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> };
}

type FileSpec = { query?: string; bytes: Buffer | string };

/** A release with files ({name: bytes, or {query, bytes}}), published unless told otherwise. */
async function release(
  setup: Awaited<ReturnType<typeof launcherProject>>,
  version: string,
  files: Record<string, FileSpec | string>,
  channel: "STABLE" | "BETA" | "ALPHA" = "STABLE",
  state: "PUBLISHED" | "DRAFT" = "PUBLISHED",
) {
  const actor = actorOf(setup.owner);
  const created = await createRelease(actor, setup.project.id, { version, title: version, changelog: "", channel }, testMeta());
  for (const [name, spec] of Object.entries(files)) {
    const { query = "", bytes } = typeof spec === "string" ? { bytes: spec } : spec;
    const stored = await upload(
      setup.token,
      setup.project.id,
      `name=${encodeURIComponent(name)}&releaseId=${created.body.id}&${query}`,
      bytes,
    );
    expect(stored.status, JSON.stringify(stored.json)).toBe(201);
  }
  if (state === "PUBLISHED") await updateRelease(actor, setup.project.id, created.body.id, { state: "PUBLISHED" }, 1, testMeta());
  return created.body.id;
}

const manifest = (projectId: string, query = "", token?: string) =>
  call(manifestRoute.GET, "GET", `/${query}`, { params: { id: projectId }, token });

type ManifestFile = { name: string; path: string; platforms: string[] | null; extract: boolean; contents?: { path: string }[] };
type Body = {
  current: { version: string; files: ManifestFile[] } | null;
  channels: Record<string, { version: string }>;
  update?: { from: string; to: string; reason?: string; files: ManifestFile[]; removed: string[] } | null;
  [key: string]: unknown;
};
const bodyOf = (response: Awaited<ReturnType<typeof manifest>>) => response.json as unknown as Body;

function storedFiles(): number {
  const root = path.join(process.env.DATA_DIR!, "files");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
}

describe("uploads with install path, platforms and extract", () => {
  it("records path and platforms, lists an archive's entries, and refuses unsafe paths and platforms", async () => {
    const setup = await launcherProject();
    const plain = await upload(setup.token, setup.project.id, "name=game&path=bin/game&platforms=linux-arm64,linux-x64", "program");
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({ path: "bin/game", platforms: ["linux-x64", "linux-arm64"], extract: false, entryCount: null });
    const zip = await buildZip([{ name: "mods/" }, { name: "mods/a.jar", content: "a" }, { name: "config/b.cfg", content: "b" }]);
    const archive = await upload(setup.token, setup.project.id, "name=pack.zip&path=pack&extract=true", zip);
    expect(archive.status).toBe(201);
    expect(archive.json).toMatchObject({ path: "pack", platforms: null, extract: true, entryCount: 2 });

    for (const [query, field] of [
      ["name=x&path=../x", "path"],
      ["name=x&path=/etc/x", "path"],
      ["name=x&path=a\\b", "path"],
      ["name=x&path=bin/CON.txt", "path"],
      ["name=x&path=bin//x", "path"],
      ["name=x&platforms=amiga", "platforms"],
      ["name=x&extract=yes", "extract"],
    ] as const) {
      const refused = await upload(setup.token, setup.project.id, query.replace("\\", "%5C"), "x");
      expect(refused.status, query).toBe(400);
      expect(
        (refused.json.errors as { path: string }[]).map((error) => error.path),
        query,
      ).toEqual([field]);
    }
  });

  it("refuses an unsafe or broken archive with 400 and keeps no bytes and no row; plain uploads are never read as archives", async () => {
    const setup = await launcherProject();
    const before = { files: storedFiles(), rows: await db.download.count({ where: { projectId: setup.project.id } }) };
    const cases = [
      [await buildZip([{ name: "../../evil.sh", content: "rm -rf" }]), "unsafe_archive"],
      [await buildZip([{ name: "link", content: "/etc/passwd", mode: 0o120777 }]), "unsafe_archive"],
      [await buildZip([{ name: "bomb.bin", content: Buffer.alloc(3 * 1024 ** 2) }]), "unsafe_archive"],
      [Buffer.from("not a zip"), "invalid_archive"],
    ] as const;
    for (const [bytes, code] of cases) {
      const refused = await upload(setup.token, setup.project.id, "name=a.zip&extract=true", bytes);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe(code);
    }
    expect({ files: storedFiles(), rows: await db.download.count({ where: { projectId: setup.project.id } }) }).toEqual(before);
    // Without extract the same bytes are a plain file: stored as they are, never opened.
    expect((await upload(setup.token, setup.project.id, "name=a.zip", cases[0][0])).status).toBe(201);
  });

  it("refuses a second file at a path of the same release on a shared platform (409 path_taken)", async () => {
    const setup = await launcherProject();
    const releaseId = await release(
      setup,
      "1.0.0",
      { "game-linux": { query: "path=bin/game&platforms=linux-x64", bytes: "l" } },
      "STABLE",
      "DRAFT",
    );
    const add = (query: string, bytes: Buffer | string = "x") =>
      upload(setup.token, setup.project.id, `releaseId=${releaseId}&${query}`, bytes);
    expect((await add("name=game-arm&path=bin/game&platforms=linux-arm64")).status).toBe(201);
    const clash = await add("name=game-any&path=BIN/Game");
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe("path_taken");
    const archive = await buildZip([{ name: "bin/game", content: "z" }]);
    expect((await add("name=bundle.zip&extract=true&platforms=linux-x64", archive)).json.code).toBe("path_taken");
    expect((await add("name=bundle.zip&extract=true&platforms=windows-x64", archive)).status).toBe(201);
  });
});

describe("manifest v2", () => {
  it("lists install paths, platforms and archive contents, and ?platform= picks files and launch settings", async () => {
    const setup = await launcherProject();
    const zip = await buildZip([
      { name: "a.jar", content: "a" },
      { name: "sub/b.jar", content: "bb" },
    ]);
    await release(setup, "1.0.0", {
      "game.exe": { query: "path=bin/game.exe&platforms=windows-x64", bytes: "win" },
      "game.sh": { query: "path=bin/game.sh&platforms=linux-x64,linux-arm64", bytes: "linux" },
      "data.pak": "data",
      "mods.zip": { query: "path=mods&extract=true", bytes: zip },
      "assets.zip": { query: "extract=true", bytes: await buildZip([{ name: "assets/x.png", content: "png" }]) },
    });
    const all = bodyOf(await manifest(setup.project.id));
    expect(all.manifestVersion).toBe(2);
    const byName = Object.fromEntries(all.current!.files.map((file) => [file.name, file]));
    expect(byName["game.exe"]).toMatchObject({ path: "bin/game.exe", platforms: ["windows-x64"], extract: false });
    expect(byName["game.exe"]).not.toHaveProperty("contents");
    expect(byName["data.pak"]).toMatchObject({ path: "data.pak", platforms: null, extract: false });
    expect(byName["mods.zip"]).toMatchObject({
      path: "mods",
      extract: true,
      contents: [
        { path: "mods/a.jar", size: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
        { path: "mods/sub/b.jar", size: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    });
    expect(byName["assets.zip"]).toMatchObject({ path: "", extract: true, contents: [{ path: "assets/x.png", size: 3 }] });
    expect(all.launch).toEqual(LAUNCH);

    const linux = bodyOf(await manifest(setup.project.id, "?platform=linux-x64"));
    expect(linux.current!.files.map((file) => file.name).sort()).toEqual(["assets.zip", "data.pak", "game.sh", "mods.zip"]);
    expect(linux.launch).toEqual({
      ...LAUNCH,
      executable: "bin/game.sh",
      arguments: ["--x11"],
      platforms: { linux: LAUNCH.platforms.linux },
    });
    const windows = bodyOf(await manifest(setup.project.id, "?platform=windows-arm64"));
    expect(windows.current!.files.map((file) => file.name).sort()).toEqual(["assets.zip", "data.pak", "mods.zip"]);
    expect(windows.launch).toEqual({ ...LAUNCH, platforms: {} });
    expect((await manifest(setup.project.id, "?platform=amiga-68k")).status).toBe(400);
  });

  it("channels: STABLE ⊂ BETA ⊂ ALPHA, the highest semver wins, a BETA channel never hides a newer STABLE", async () => {
    const setup = await launcherProject();
    await release(setup, "1.0.0-beta.2", { "g.bin": "b2" }, "BETA");
    await release(setup, "1.0.0-beta.10", { "g.bin": "b10" }, "BETA");
    const current = async (channel: string) => bodyOf(await manifest(setup.project.id, `?channel=${channel}`)).current?.version ?? null;
    expect(await current("STABLE")).toBeNull();
    expect(await current("BETA")).toBe("1.0.0-beta.10");
    await release(setup, "1.0.0", { "g.bin": "1" });
    await release(setup, "1.1.0-alpha.1", { "g.bin": "a" }, "ALPHA");
    expect(await current("STABLE")).toBe("1.0.0");
    expect(await current("BETA")).toBe("1.0.0");
    expect(await current("ALPHA")).toBe("1.1.0-alpha.1");
    const body = bodyOf(await manifest(setup.project.id));
    expect(Object.fromEntries(Object.entries(body.channels).map(([channel, offered]) => [channel, offered.version]))).toEqual({
      STABLE: "1.0.0",
      BETA: "1.0.0",
      ALPHA: "1.1.0-alpha.1",
    });
  });

  it("updates only upwards, with the files to fetch and the paths to remove; never a downgrade", async () => {
    const setup = await launcherProject();
    const pack = (names: string[]) => buildZip(names.map((name) => ({ name, content: `v1 ${name}` })));
    await release(setup, "1.0.0", {
      "game.pak": "old",
      "old.dll": "dll",
      "data.zip": { query: "path=data&extract=true", bytes: await pack(["a.bin", "b.bin"]) },
    });
    await release(setup, "1.1.0", {
      "game.pak": "new",
      "data.zip": { query: "path=data&extract=true", bytes: await pack(["a.bin"]) },
    });
    const update = async (installed: string) => bodyOf(await manifest(setup.project.id, `?installed=${installed}`)).update;
    const from100 = await update("1.0.0");
    expect(from100).toMatchObject({ from: "1.0.0", to: "1.1.0", removed: ["data/b.bin", "old.dll"] });
    expect(from100!.files.map((file) => file.name).sort()).toEqual(["data.zip", "game.pak"]);
    expect(from100).not.toHaveProperty("reason");
    expect(await update("1.1.0")).toBeNull();
    expect(await update("9.0.0")).toBeNull();
    expect(await update("1.1.0-rc.1")).toMatchObject({ to: "1.1.0", removed: [] });
  });

  it("a yanked installed version is told so and offered the current release, even a lower one", async () => {
    const setup = await launcherProject();
    await release(setup, "1.0.0", { "game.pak": "one", "extra.bin": "x" });
    const bad = await release(setup, "1.1.0", { "game.pak": "broken", "broken.dll": "b" });
    await updateRelease(actorOf(setup.owner), setup.project.id, bad, { state: "YANKED" }, 2, testMeta());
    const body = bodyOf(await manifest(setup.project.id, "?installed=1.1.0"));
    expect(body.current!.version).toBe("1.0.0");
    expect(body.installed).toEqual({ version: "1.1.0", state: "YANKED" });
    expect(body.update).toMatchObject({ from: "1.1.0", to: "1.0.0", reason: "YANKED", removed: ["broken.dll"] });
    expect(body.update!.files.map((file) => file.name).sort()).toEqual(["extra.bin", "game.pak"]);
    expect(bodyOf(await manifest(setup.project.id, "?installed=1.0.0"))).not.toHaveProperty("installed");
  });

  it("enforces the offers: ?version= and the version list only with offerVersions, update only with offerUpdate", async () => {
    const setup = await launcherProject();
    await release(setup, "1.0.0", { "g.bin": "1" });
    await release(setup, "1.1.0", { "g.bin": "2" });
    await release(setup, "2.0.0", { "g.bin": "3" }, "STABLE", "DRAFT");
    const picked = bodyOf(await manifest(setup.project.id, "?version=1.0.0&installed=1.0.0"));
    expect(picked.current!.version).toBe("1.0.0");
    expect(picked.update).toBeNull();
    expect((picked.versions as { version: string }[]).map((row) => row.version)).toEqual(["1.1.0", "1.0.0"]);
    expect((await manifest(setup.project.id, "?version=3.0.0")).status).toBe(404);
    expect((await manifest(setup.project.id, "?version=2.0.0")).status).toBe(404);

    const closed = await call(launcherRoute.PUT, "PUT", "/", {
      token: setup.token,
      params: { id: setup.project.id },
      body: { ...OFFER_ALL, offerVersions: false, offerUpdate: false },
    });
    expect(closed.status).toBe(200);
    const body = bodyOf(await manifest(setup.project.id, "?installed=1.0.0"));
    expect(body).not.toHaveProperty("versions");
    expect(body).not.toHaveProperty("update");
    expect(body.offers).toMatchObject({ versions: false, update: false });
    expect((await manifest(setup.project.id, "?version=1.0.0")).status).toBe(404);
    expect((await manifest(setup.project.id, "?version=1.0.0", setup.token)).status).toBe(404);
  });
});

describe("signing", () => {
  const keys = async () =>
    (await call(keysRoute.GET, "GET", "/")).json as { keys: { keyId: string; algorithm: string; publicKey: string }[] };

  function verifies(body: Record<string, unknown>, published: { keyId: string; publicKey: string }[]) {
    const { signature, ...unsigned } = body as { signature: { keyId: string; algorithm: string; value: string } };
    const key = published.find((one) => one.keyId === signature.keyId);
    if (!key || signature.algorithm !== "Ed25519") return false;
    const publicKey = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.publicKey }, format: "jwk" });
    return verify(null, Buffer.from(canonicalize(unsigned)!), publicKey, Buffer.from(signature.value, "base64url"));
  }

  it("signs the manifest over its RFC 8785 form with the key GET /launcher/keys publishes (anonymously)", async () => {
    const setup = await launcherProject();
    await release(setup, "1.0.0", {
      "g.bin": "1",
      "pack.zip": { query: "extract=true", bytes: await buildZip([{ name: "ü/ß.txt", content: "x" }]) },
    });
    const published = await keys();
    expect(published.keys).toHaveLength(1);
    expect(published.keys[0]).toMatchObject({ keyId: expect.stringMatching(/^[0-9a-f]{16}$/), algorithm: "Ed25519" });
    expect(Buffer.from(published.keys[0].publicKey, "base64url")).toHaveLength(32);
    const body = (await manifest(setup.project.id, "?installed=0.1.0&platform=linux-x64")).json!;
    expect(body.signature).toMatchObject({ keyId: published.keys[0].keyId, algorithm: "Ed25519" });
    expect(verifies(body, published.keys)).toBe(true);
    // Any change to the signed content breaks it.
    expect(verifies({ ...body, offers: { ...(body.offers as object), install: false } }, published.keys)).toBe(false);
  });

  it("after a key rotation signs with the new key and still publishes the previous one", async () => {
    const setup = await launcherProject();
    await release(setup, "1.0.0", { "g.bin": "1" });
    const old = await keys();
    const oldBody = (await manifest(setup.project.id)).json!;
    const testKey = process.env.LAUNCHER_SIGNING_KEY!;
    process.env.LAUNCHER_SIGNING_KEY = generateSigningKey();
    process.env.LAUNCHER_SIGNING_KEY_PREVIOUS = testKey;
    try {
      const rotated = await keys();
      expect(rotated.keys.map((key) => key.keyId)).toEqual([expect.any(String), old.keys[0].keyId]);
      expect(rotated.keys[0].keyId).not.toBe(old.keys[0].keyId);
      const newBody = (await manifest(setup.project.id)).json!;
      expect((newBody.signature as { keyId: string }).keyId).toBe(rotated.keys[0].keyId);
      expect(verifies(newBody, rotated.keys)).toBe(true);
      expect(verifies(oldBody, rotated.keys)).toBe(true);
    } finally {
      process.env.LAUNCHER_SIGNING_KEY = testKey;
      delete process.env.LAUNCHER_SIGNING_KEY_PREVIOUS;
    }
  });
});
