/**
 * The reference launcher end to end (issue 26): the CLI as a child process against the production
 * server (scripts/serve.mjs) on the test database, through list, install, verify, a tampered and
 * a deleted file, repair, an update that removes a file, a channel switch, start, a manifest
 * altered on the way, an unreachable server, a project no longer offered, and device sign-in for
 * a project only its members may install. The test sets data up through the public API as a
 * partner would (and the factories for accounts); only the launcher itself must not import server
 * code (imports.test.ts).
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { settingsOf } from "@/lib/projects/settings";
import { actorOf, createPartner, createProjectFor, offeringEverything, testMeta, tokenFor } from "@/lib/testing/factories";
import { type ServedApp, startServe } from "@/lib/testing/serve-process";
import type { InstallRecord } from "./record";
import { sha256Of, type ZipEntry, zipOf } from "./test-zips";

const PORT = Number(process.env.LAUNCHER_E2E_PORT ?? 3317);
const SERVER = `http://127.0.0.1:${PORT}`;
const ROOT = path.join(import.meta.dirname, "../..");

let served: ServedApp;
let work: string;
let game: string;
let projectId: string;
let slug: string;
let token: string;
/** The archive of 1.0.0 as uploaded. */
let v1Zip: Buffer;
let owner: Awaited<ReturnType<typeof createPartner>>;
/** A PRIVATE project of the same owner: only its members may install it (after `login`). */
let privateProject: { id: string; slug: string };

/** The launcher as a user runs it, with its own config folder. */
function launcher(args: string[], options: { onOutput?: (text: string) => void } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/launcher/main.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: path.join(work, "config"), NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      options.onOutput?.(stdout);
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A call of the public API as the project's owner. */
async function api(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${SERVER}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && !Buffer.isBuffer(body) ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : null, etag: response.headers.get("etag") };
}

interface Upload {
  name: string;
  bytes: Buffer;
  /** The upload's query beyond name, kind and release (path, platforms, extract). */
  query?: Record<string, string>;
}

/** A published release with its files, through the API (the project is trusted: no release review). */
async function publish(version: string, channel: "STABLE" | "BETA", uploads: Upload[], inProject = projectId) {
  const projectId = inProject;
  const created = await api("POST", `/api/v1/projects/${projectId}/releases`, { version, title: `Version ${version}`, channel });
  const releaseId = created.json.id as string;
  for (const upload of uploads) {
    const query = new URLSearchParams({ name: upload.name, kind: "SOFTWARE", releaseId, ...upload.query });
    await api("POST", `/api/v1/projects/${projectId}/files?${query}`, upload.bytes, { "content-type": "application/octet-stream" });
  }
  await setReleaseState(version, "PUBLISHED", projectId);
}

/** Publishes or yanks the release `version` (If-Match from a fresh read). */
async function setReleaseState(version: string, state: "PUBLISHED" | "YANKED", inProject = projectId) {
  const releases = await api("GET", `/api/v1/projects/${inProject}/releases?limit=100`);
  const { id } = (releases.json.data as { id: string; version: string }[]).find((release) => release.version === version)!;
  const current = await api("GET", `/api/v1/projects/${inProject}/releases/${id}`);
  await api("PATCH", `/api/v1/projects/${inProject}/releases/${id}`, { state }, { "if-match": current.etag! });
}

const START_SCRIPT = `#!/bin/sh
printf '%s\\n' "$PWD" "$@" > started.txt
exit 7
`;
const gameZip = (entries: ZipEntry[]) => zipOf([{ name: "bin/start.sh", data: START_SCRIPT, mode: 0o100755 }, ...entries]);
const V1_DATA: ZipEntry[] = [
  { name: "data/a.txt", data: "alpha 1" },
  { name: "data/b.txt", data: "bravo 1" },
  { name: "data/c.txt", data: "charlie 1" },
];

const record = async (folder = game) => JSON.parse(await readFile(path.join(folder, ".launcher/install.json"), "utf8")) as InstallRecord;
const read = (relative: string) => readFile(path.join(game, relative), "utf8");
const exists = (relative: string) =>
  stat(path.join(game, relative)).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "launcher-e2e-"));
  game = path.join(work, "skyforge");
  owner = await createPartner();
  const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules: ["LAUNCHER", "DOWNLOADS"] });
  projectId = project.id;
  slug = project.slug;
  await db.project.update({
    where: { id: projectId },
    data: { trusted: true, settings: { ...settingsOf(project), offerPrereleases: true } },
  });
  const hidden = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PRIVATE", modules: ["LAUNCHER", "DOWNLOADS"] });
  await db.project.update({ where: { id: hidden.id }, data: { trusted: true } });
  privateProject = { id: hidden.id, slug: hidden.slug };
  token = await tokenFor(owner.id);
  served = await startServe(PORT);
  await api(
    "PUT",
    `/api/v1/projects/${projectId}/launcher`,
    offeringEverything({
      executable: "bin/start.exe",
      arguments: ["--windows-default"],
      platforms: { linux: { executable: "bin/start.sh", arguments: ["--server", "play example", "--linux"] } },
      minimumLauncherVersion: null,
      minimumMemoryMb: 0,
    }),
  );
  v1Zip = await gameZip(V1_DATA);
  await publish("1.0.0", "STABLE", [
    { name: "game-1.0.0.zip", bytes: v1Zip, query: { extract: "true" } },
    { name: "settings.ini", bytes: Buffer.from("volume=5\n"), query: { path: "config/settings.ini" } },
    { name: "start.exe", bytes: Buffer.from("MZ windows only"), query: { path: "bin/start.exe", platforms: "windows-x64" } },
  ]);
}, 600_000);

afterAll(async () => {
  await served?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the reference launcher against the server", () => {
  it("lists the project and its versions", async () => {
    const listed = await launcher(["list", "--server", SERVER]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${slug}\\s+1\\.0\\.0`));
    const versions = await launcher(["versions", slug, "--server", SERVER, "--platform", "linux-x64"]);
    expect(versions.code).toBe(0);
    expect(versions.stdout).toMatch(/^1\.0\.0\s+STABLE/m);
  });

  it("installs the current version, pinning the server's key, for the chosen platform only", async () => {
    const installed = await launcher(["install", slug, game, "--server", SERVER, "--platform", "linux-x64"]);
    expect(installed.stderr).toBe("");
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain("Installed");
    expect(await read("data/a.txt")).toBe("alpha 1");
    expect(await read("config/settings.ini")).toBe("volume=5\n");
    expect(await exists("bin/start.exe")).toBe(false);
    const saved = await record();
    const { keys } = (await api("GET", "/api/v1/launcher/keys")).json as { keys: { keyId: string; publicKey: string }[] };
    expect(keys.map((key) => key.keyId)).toContain(saved.pinnedKey.keyId);
    expect(saved).toMatchObject({ server: SERVER, projectId, slug, version: "1.0.0", channel: "STABLE", platform: "linux-x64" });
    expect(saved.installed.map((entry) => entry.path).sort()).toEqual([
      "bin/start.sh",
      "config/settings.ini",
      "data/a.txt",
      "data/b.txt",
      "data/c.txt",
    ]);
  });

  it("verify names a changed and a missing file; repair fixes only those", async () => {
    expect(await launcher(["verify", game])).toMatchObject({ code: 0, stdout: "All 5 files are intact.\n" });
    await writeFile(path.join(game, "data/a.txt"), "tampered");
    await unlink(path.join(game, "config/settings.ini"));
    const before = (await stat(path.join(game, "data/b.txt"))).mtimeMs;
    const broken = await launcher(["verify", game]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain("changed: data/a.txt");
    expect(broken.stdout).toContain("missing: config/settings.ini");
    expect(broken.stdout).not.toContain("data/b.txt");
    const repaired = await launcher(["repair", game]);
    expect(repaired.stderr).toBe("");
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toContain("Repaired 2 of 5 files");
    expect(await launcher(["verify", game])).toMatchObject({ code: 0, stdout: "All 5 files are intact.\n" });
    expect((await stat(path.join(game, "data/b.txt"))).mtimeMs).toBe(before);
  });

  it("repair downloads the archive again when its kept copy is gone", async () => {
    await rm(path.join(game, ".launcher/archives"), { recursive: true, force: true });
    await writeFile(path.join(game, "data/c.txt"), "tampered");
    const repaired = await launcher(["repair", game]);
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toMatch(/Downloaded game-1\.0\.0\.zip/);
    expect(await read("data/c.txt")).toBe("charlie 1");
  });

  it("updates to a newer version, deleting the file it no longer has", async () => {
    await publish("1.1.0", "STABLE", [
      { name: "game-1.1.0.zip", bytes: await gameZip([V1_DATA[1], { name: "data/a.txt", data: "alpha 2" }]), query: { extract: "true" } },
      { name: "settings.ini", bytes: Buffer.from("volume=5\n"), query: { path: "config/settings.ini" } },
    ]);
    const updated = await launcher(["update", game]);
    expect(updated.stderr).toBe("");
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain("from 1.0.0 to 1.1.0");
    expect(updated.stdout).toContain("removed data/c.txt");
    expect(await exists("data/c.txt")).toBe(false);
    expect(await read("data/a.txt")).toBe("alpha 2");
    expect((await record()).version).toBe("1.1.0");
    expect(await launcher(["verify", game])).toMatchObject({ code: 0, stdout: "All 4 files are intact.\n" });
    expect((await launcher(["update", game])).stdout).toContain("Already up to date");
  });

  it("switches channel: STABLE does not see the beta, --channel BETA moves to it", async () => {
    await publish("1.2.0-beta.1", "BETA", [
      {
        name: "game-1.2.0-beta.1.zip",
        bytes: await gameZip([...V1_DATA.slice(1), { name: "data/a.txt", data: "alpha beta" }]),
        query: { extract: "true" },
      },
      { name: "settings.ini", bytes: Buffer.from("volume=5\n"), query: { path: "config/settings.ini" } },
    ]);
    expect((await launcher(["update", game])).stdout).toContain("Already up to date");
    const switched = await launcher(["update", game, "--channel", "BETA"]);
    expect(switched.stderr).toBe("");
    expect(switched.code).toBe(0);
    expect(await read("data/a.txt")).toBe("alpha beta");
    expect(await read("data/c.txt")).toBe("charlie 1");
    expect(await record()).toMatchObject({ version: "1.2.0-beta.1", channel: "BETA" });
  });

  it("moves away from a yanked version, the one update that goes down", async () => {
    await setReleaseState("1.2.0-beta.1", "YANKED");
    const moved = await launcher(["update", game]);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain("Version 1.2.0-beta.1 was withdrawn (yanked): moving to 1.1.0.");
    expect(await read("data/a.txt")).toBe("alpha 2");
    expect(await exists("data/c.txt")).toBe(false);
    expect(await record()).toMatchObject({ version: "1.1.0", channel: "BETA" });
  });

  it("installs a chosen version on a channel into another folder", async () => {
    const other = path.join(work, "beta-install");
    const installed = await launcher([
      "install",
      slug,
      other,
      "--server",
      SERVER,
      "--platform",
      "linux-x64",
      "--channel",
      "BETA",
      "--version",
      "1.0.0",
    ]);
    expect(installed.stderr).toBe("");
    expect(installed.code).toBe(0);
    expect(await record(other)).toMatchObject({ version: "1.0.0", channel: "BETA" });
  });

  it("resumes a partial download with Range: the bytes it has are kept, wrong ones fail the sha256 and are dropped", async () => {
    const folder = path.join(work, "resumed");
    const part = path.join(folder, ".launcher/downloads", `${sha256Of(v1Zip)}.part`);
    await mkdir(path.dirname(part), { recursive: true });
    const half = Math.floor(v1Zip.length / 2);
    // Wrong bytes before the cut: only a launcher that asks for the rest (Range) ends with a mismatch.
    await writeFile(part, Buffer.alloc(half, 0x55));
    const args = ["install", slug, folder, "--server", SERVER, "--platform", "linux-x64", "--version", "1.0.0"];
    const mismatch = await launcher(args);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toContain("sha256 mismatch for game-1.0.0.zip");
    expect(
      await stat(part).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
    await writeFile(part, v1Zip.subarray(0, half));
    const resumed = await launcher(args);
    expect(resumed.stderr).toBe("");
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`Downloaded game-1.0.0.zip (`);
    expect(resumed.stdout).toContain("resumed at");
    expect(await readFile(path.join(folder, "data/a.txt"), "utf8")).toBe("alpha 1");
  });

  it("starts the platform's program in the game folder with the manifest's arguments and passes on its exit code", async () => {
    const started = await launcher(["start", game, "--", "--extra"]);
    expect(started.stderr).toBe("");
    expect(started.code).toBe(7);
    expect((await read("started.txt")).split("\n")).toEqual([game, "--server", "play example", "--linux", "--extra", ""]);
  });

  it("refuses a manifest altered on the way", async () => {
    const proxy = http.createServer(async (request, response) => {
      const upstream = await fetch(`${SERVER}${request.url}`, { headers: { accept: "application/json" } });
      let body = await upstream.text();
      if (request.url?.includes("/manifest")) {
        const manifest = JSON.parse(body);
        manifest.launch.arguments = ["--evil"];
        body = JSON.stringify(manifest);
      }
      response.writeHead(upstream.status, { "content-type": "application/json" }).end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const refused = await launcher(["start", game, "--server", `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/signature does not verify/);
    } finally {
      proxy.close();
    }
  });

  it("says clearly when the server cannot be reached", async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const refused = await launcher(["update", game, "--server", closed]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Cannot reach the server at ${closed} (ECONNREFUSED)`);
  });

  it("refuses to start a game whose project no longer offers game start", async () => {
    const settings = await api("GET", `/api/v1/projects/${projectId}/launcher`);
    await api("PUT", `/api/v1/projects/${projectId}/launcher`, { ...settings.json, offerGameStart: false });
    const refused = await launcher(["start", game]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("does not offer starting the game");
  });

  it("says clearly when the project is no longer offered", async () => {
    const project = await api("GET", `/api/v1/projects/${projectId}`);
    await api("PUT", `/api/v1/projects/${projectId}/modules`, { modules: ["DOWNLOADS"] }, { "if-match": project.etag! });
    const refused = await launcher(["update", game]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/no longer offered.*\(404\)/);
  });
});

describe("device sign-in", () => {
  it("a project only members see needs login; after approval in the portal the launcher installs it", async () => {
    await publish("2.0.0", "STABLE", [{ name: "members.txt", bytes: Buffer.from("for the team\n") }], privateProject.id);
    const folder = path.join(work, "private");
    const anonymous = await launcher(["install", privateProject.slug, folder, "--server", SERVER, "--platform", "linux-x64"]);
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toMatch(/No project .* is offered .* sign in first with: npm run launcher -- login/);

    // The player approves in the portal (e2e/device journey of the device sign-in work); here the
    // same service approves as the signed-in owner, once the launcher has shown the code.
    const { createSession } = await import("@/lib/auth/sessions");
    const { approveDeviceSignIn } = await import("@/lib/device-sign-in/service");
    const { normalizeUserCode } = await import("@/lib/device-sign-in/codes");
    const session = await db.$transaction((tx) => createSession(tx, owner, testMeta(), null));
    const actor = actorOf(owner, null, { sessionId: session.id });
    let approval: Promise<unknown> | null = null;
    const signedIn = await launcher(["login", "--server", SERVER], {
      onOutput: (text) => {
        const code = /code ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(text)?.[1];
        if (code && !approval) approval = approveDeviceSignIn(actor, { userCode: normalizeUserCode(code)! }, testMeta());
      },
    });
    await approval;
    expect(signedIn.stderr).toBe("");
    expect(signedIn.code).toBe(0);
    expect(signedIn.stdout).toMatch(/open \S+\/device\?code=[A-Z]{4}-[A-Z]{4}/);
    const config = path.join(work, "config/pums-launcher/config.json");
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(config, "utf8")).servers[SERVER].token).toEqual(expect.any(String));

    const installed = await launcher(["install", privateProject.slug, folder, "--server", SERVER, "--platform", "linux-x64"]);
    expect(installed.stderr).toBe("");
    expect(installed.code).toBe(0);
    expect(await readFile(path.join(folder, "members.txt"), "utf8")).toBe("for the team\n");
  }, 60_000);
});
