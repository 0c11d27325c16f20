/**
 * The launcher API (DESIGN 4 and 8.1, module LAUNCHER): validated settings, the directory of
 * launcher projects and the manifest with its update path and ETag.
 */
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as manifestRoute from "@/app/api/v1/launcher/projects/[id]/manifest/route";
import * as launcherProjectsRoute from "@/app/api/v1/launcher/projects/route";
import * as launcherRoute from "@/app/api/v1/projects/[id]/launcher/route";
import { db } from "@/lib/db/client";
import { uploadFile } from "@/lib/downloads/service";
import type { ProjectStatus, ProjectVisibility } from "@/lib/permissions";
import type { ProjectModuleName } from "@/lib/projects/schemas";
import { createRelease, updateRelease } from "@/lib/releases/service";
import {
  actorOf,
  addMemberWith,
  createPartner,
  createProjectFor,
  createUser,
  offeringEverything,
  testMeta,
  tokenFor,
} from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

const LAUNCH = {
  executable: "bin/game.exe",
  arguments: ["--fullscreen"],
  platforms: { linux: { executable: "bin/game.sh", arguments: [] } },
  minimumLauncherVersion: "2.1.0",
  minimumMemoryMb: 2048,
};
const SETTINGS = offeringEverything(LAUNCH);

async function launcherProject(state: { status?: ProjectStatus; visibility?: ProjectVisibility; modules?: ProjectModuleName[] } = {}) {
  const owner = await createPartner();
  const project = await createProjectFor(owner, {
    status: state.status ?? "PUBLISHED",
    visibility: state.visibility ?? "LAUNCHER",
    modules: state.modules ?? ["LAUNCHER", "DOWNLOADS"],
  });
  // Trusted: its team publishes releases directly (release review: app/api/v1/projects/release-review.test.ts).
  await db.project.update({ where: { id: project.id }, data: { trusted: true } });
  return { owner, project, token: await tokenFor(owner.id) };
}

const bytesOf = (text: string) => new Blob([text]).stream();
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A published release with the given files ({name: content}). */
async function release(
  owner: Awaited<ReturnType<typeof createPartner>>,
  projectId: string,
  version: string,
  files: Record<string, string>,
  channel: "STABLE" | "BETA" = "STABLE",
) {
  const actor = actorOf(owner);
  const created = await createRelease(actor, projectId, { version, title: version, changelog: "", channel }, testMeta());
  for (const [name, content] of Object.entries(files))
    await uploadFile(actor, projectId, { name, kind: "SOFTWARE", releaseId: created.body.id }, bytesOf(content), testMeta());
  await updateRelease(actor, projectId, created.body.id, { state: "PUBLISHED" }, 1, testMeta());
}

const manifest = (projectId: string, query = "", headers: Record<string, string> = {}, token?: string) =>
  call(manifestRoute.GET, "GET", `/${query}`, { params: { id: projectId }, headers, token });

describe("launcher settings", () => {
  it("saves offers and per-platform launch settings and refuses unsafe or incomplete ones", async () => {
    const { project, token } = await launcherProject({ status: "DRAFT" });
    const saved = await call(launcherRoute.PUT, "PUT", "/", { token, params: { id: project.id }, body: SETTINGS });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual(SETTINGS);
    expect((await call(launcherRoute.GET, "GET", "/", { token, params: { id: project.id } })).json).toEqual(SETTINGS);
    const refuse = async (launchSettings: Record<string, unknown>, offerGameStart = true) => {
      const response = await call(launcherRoute.PUT, "PUT", "/", {
        token,
        params: { id: project.id },
        body: { ...SETTINGS, offerGameStart, launchSettings: { ...LAUNCH, ...launchSettings } },
      });
      return response.status === 400 ? (response.json!.errors as { path: string }[]).map((error) => error.path) : response.status;
    };
    expect(await refuse({ executable: "../../etc/passwd" })).toEqual(["launchSettings.executable"]);
    expect(await refuse({ executable: "C:/Windows/system32/cmd.exe" })).toEqual(["launchSettings.executable"]);
    expect(await refuse({ executable: "/usr/bin/sh" })).toEqual(["launchSettings.executable"]);
    expect(await refuse({ minimumLauncherVersion: "two" })).toEqual(["launchSettings.minimumLauncherVersion"]);
    expect(await refuse({ platforms: { amiga: { executable: "game" } } })).toEqual(["launchSettings.platforms.amiga"]);
    expect(await refuse({ arguments: ["ok", "bad\nline"] })).toEqual(["launchSettings.arguments.1"]);
    expect(await refuse({ executable: "", platforms: {} })).toEqual(["launchSettings.executable"]);
    expect(await refuse({ executable: "", platforms: {} }, false)).toBe(200);
  });
});

describe("GET /launcher/projects", () => {
  it("lists published PUBLIC and LAUNCHER projects with the module on, with their current stable version", async () => {
    const listed = await launcherProject({ visibility: "LAUNCHER" });
    await release(listed.owner, listed.project.id, "1.0.0", { "a.bin": "a" });
    await release(listed.owner, listed.project.id, "1.10.0", { "a.bin": "a2" });
    await release(listed.owner, listed.project.id, "2.0.0-beta.1", { "a.bin": "b" }, "BETA");
    const publicOne = await launcherProject({ visibility: "PUBLIC" });
    const hidden = [
      await launcherProject({ visibility: "PRIVATE" }),
      await launcherProject({ visibility: "APPLICATION_ONLY" }),
      await launcherProject({ status: "DRAFT" }),
      await launcherProject({ status: "ARCHIVED" }),
      await launcherProject({ modules: ["DOWNLOADS"] }),
    ];
    const ids: string[] = [];
    const rows: Record<string, unknown>[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(launcherProjectsRoute.GET, "GET", `/?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      rows.push(...(page.json!.data as Record<string, unknown>[]));
      cursor = page.json!.nextCursor as string | null;
    } while (cursor);
    ids.push(...rows.map((row) => row.id as string));
    expect(ids).toContain(listed.project.id);
    expect(ids).toContain(publicOne.project.id);
    for (const project of hidden) expect(ids).not.toContain(project.project.id);
    expect(rows.find((row) => row.id === listed.project.id)).toMatchObject({
      currentVersion: "1.10.0",
      offers: { install: true, update: true, repair: true, start: true, versions: false },
    });
  });
});

describe("GET /launcher/projects/{id}/manifest", () => {
  it("serves the current release with sha256 and size, the versions, the update from an installed version, and 304 while unchanged", async () => {
    const { owner, project, token } = await launcherProject();
    await call(launcherRoute.PUT, "PUT", "/", { token, params: { id: project.id }, body: SETTINGS });
    await release(owner, project.id, "1.0.0", { "game.pak": "old data", "engine.bin": "engine" });
    await release(owner, project.id, "1.1.0", { "game.pak": "new data", "engine.bin": "engine" });
    await release(owner, project.id, "1.2.0-beta.1", { "game.pak": "beta" }, "BETA");

    const first = await manifest(project.id);
    expect(first.status).toBe(200);
    const body = first.json!;
    expect(body.project).toMatchObject({ id: project.id, slug: project.slug });
    expect(body.offers).toEqual({ install: true, update: true, repair: true, start: true, versions: true });
    expect(body.launch).toEqual(LAUNCH);
    const current = body.current as { version: string; files: { name: string; size: number; sha256: string; url: string }[] };
    expect(current.version).toBe("1.1.0");
    expect(current.files.map((file) => [file.name, file.size, file.sha256]).sort()).toEqual([
      ["engine.bin", 6, sha256("engine")],
      ["game.pak", 8, sha256("new data")],
    ]);
    expect(current.files[0].url).toMatch(new RegExp(`^/api/v1/projects/${project.id}/files/[\\w-]+/download$`));
    // Pre-releases only for who may see them: the public gets the stable channel.
    expect(Object.keys(body.channels as object)).toEqual(["STABLE"]);
    expect((body.versions as { version: string }[]).map((version) => version.version)).toEqual(["1.1.0", "1.0.0"]);
    expect(((await manifest(project.id, "", {}, token)).json!.versions as unknown[]).length).toBe(3);

    const update = (await manifest(project.id, "?installed=1.0.0")).json!.update as { from: string; to: string; files: { name: string }[] };
    expect(update).toMatchObject({ from: "1.0.0", to: "1.1.0" });
    expect(update.files.map((file) => file.name)).toEqual(["game.pak"]);
    expect((await manifest(project.id, "?installed=1.1.0")).json!.update).toBeNull();
    expect(((await manifest(project.id, "?installed=0.9.0")).json!.update as { files: unknown[] }).files).toHaveLength(2);
    expect((await manifest(project.id, "?installed=latest")).status).toBe(400);

    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"m-[0-9a-f]{32}"$/);
    expect((await manifest(project.id, "", { "if-none-match": etag })).status).toBe(304);
    await release(owner, project.id, "1.1.1", { "game.pak": "patch" });
    const changed = await manifest(project.id, "", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect((changed.json!.current as { version: string }).version).toBe("1.1.1");
  });

  it("is 404 with the LAUNCHER module off, and lists no releases while DOWNLOADS is off", async () => {
    const off = await launcherProject({ modules: ["DOWNLOADS"] });
    expect((await manifest(off.project.id)).status).toBe(404);
    const noDownloads = await launcherProject({ modules: ["LAUNCHER"] });
    await db.release.create({
      data: { projectId: noDownloads.project.id, version: "1.0.0", title: "x", state: "PUBLISHED", publishedAt: new Date() },
    });
    const answer = await manifest(noDownloads.project.id);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ manifestVersion: 2, current: null, channels: {} });
  });

  it("an APPLICATION_ONLY or PRIVATE project's manifest is 404 to non-members and whole to its members (issue 23, finding 10)", async () => {
    for (const visibility of ["APPLICATION_ONLY", "PRIVATE"] as const) {
      const { owner, project, token } = await launcherProject({ visibility });
      await call(launcherRoute.PUT, "PUT", "/", { token, params: { id: project.id }, body: SETTINGS });
      await release(owner, project.id, "1.0.0", { "game.pak": "data" });
      const stranger = await tokenFor((await createUser()).id);
      const refused = await manifest(project.id, "", {}, stranger);
      expect(refused.status, visibility).toBe(404);
      expect(refused.text, visibility).not.toContain(LAUNCH.executable);
      expect((await manifest(project.id)).status, visibility).toBe(404);

      const tester = await createUser();
      await addMemberWith(project.id, tester.id, "TESTER");
      const member = await manifest(project.id, "", {}, await tokenFor(tester.id));
      expect(member.status, visibility).toBe(200);
      expect(member.json, visibility).toMatchObject({ launch: LAUNCH, current: { version: "1.0.0" } });
    }
  });

  it("the public manifest never names a draft's files", async () => {
    const { owner, project } = await launcherProject();
    const actor = actorOf(owner);
    const draft = await createRelease(
      actor,
      project.id,
      { version: "3.0.0", title: "Secret", changelog: "", channel: "STABLE" },
      testMeta(),
    );
    await uploadFile(
      actor,
      project.id,
      { name: "secret.bin", kind: "SOFTWARE", releaseId: draft.body.id },
      new Blob([randomBytes(10)]).stream(),
      testMeta(),
    );
    const text = (await manifest(project.id)).text;
    expect(text).not.toContain("secret.bin");
    expect(text).not.toContain("3.0.0");
  });
});
