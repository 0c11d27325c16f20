/**
 * Releases and files (DESIGN 4 and 8.1, module DOWNLOADS): semver and uniqueness, the state
 * machine, If-Match, who sees drafts and pre-releases, streamed upload (sha256, size, the size
 * limit and an interrupted upload leave nothing behind), download with Range, ETag, 304, 416 and
 * counting once per download.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import * as fileDownloadRoute from "@/app/api/v1/projects/[id]/files/[fileId]/download/route";
import * as fileRoute from "@/app/api/v1/projects/[id]/files/[fileId]/route";
import * as filesRoute from "@/app/api/v1/projects/[id]/files/route";
import * as releaseRoute from "@/app/api/v1/projects/[id]/releases/[releaseId]/route";
import * as releasesRoute from "@/app/api/v1/projects/[id]/releases/route";
import { dataCacheStats } from "@/lib/cache/data-cache";
import { db, type Prisma } from "@/lib/db/client";
import { downloadsProject as downloadsContextFor, downloadTotals } from "@/lib/downloads/service";
import type { ProjectVisibility } from "@/lib/permissions";
import { actorOf, addMemberWith, createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

/**
 * A published project with the DOWNLOADS module. It is trusted: its team publishes directly, as
 * these tests of the release machinery need; release review (untrusted projects) is
 * app/api/v1/projects/release-review.test.ts.
 */
async function downloadsProject(options: { visibility?: ProjectVisibility; settings?: Record<string, unknown> } = {}) {
  const owner = await createPartner();
  const project = await createProjectFor(owner, {
    status: "PUBLISHED",
    visibility: options.visibility ?? "PUBLIC",
    modules: ["DOWNLOADS"],
  });
  await db.project.update({ where: { id: project.id }, data: { trusted: true } });
  if (options.settings)
    await db.project.update({ where: { id: project.id }, data: { settings: options.settings as Prisma.InputJsonValue } });
  return { owner, project, token: await tokenFor(owner.id) };
}

const createRelease = (token: string | undefined, projectId: string, body: unknown) =>
  call(releasesRoute.POST, "POST", "/", { token, params: { id: projectId }, body });
const patchRelease = (token: string, projectId: string, releaseId: string, body: unknown, etag?: string) =>
  call(releaseRoute.PATCH, "PATCH", "/", { token, params: { id: projectId, releaseId }, body, headers: etag ? { "if-match": etag } : {} });
const listReleases = (token: string | undefined, projectId: string) =>
  call(releasesRoute.GET, "GET", "/", { token, params: { id: projectId } });

/** Uploads `chunks` as a streamed body, the way a client sends a large file. */
async function upload(
  token: string,
  projectId: string,
  query: string,
  chunks: Iterable<Uint8Array> | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  const body =
    chunks instanceof ReadableStream
      ? chunks
      : new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        });
  const request = new Request(`http://127.0.0.1:3000/api/v1/projects/${projectId}/files?${query}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "x-forwarded-for": "10.1.1.1", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  const response = await filesRoute.POST(request, { params: Promise.resolve({ id: projectId }) });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json().catch(() => null)) as Record<string, unknown> | null,
  };
}

async function download(token: string | undefined, projectId: string, fileId: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://127.0.0.1:3000/api/v1/projects/${projectId}/files/${fileId}/download`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "x-forwarded-for": "10.1.1.2", ...headers },
  });
  const response = await fileDownloadRoute.GET(request, { params: Promise.resolve({ id: projectId, fileId }) });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(process.env.DATA_DIR!, "files");
  const folders = await readdir(root).catch(() => [] as string[]);
  const files: string[] = [];
  for (const folder of folders) files.push(...(await readdir(path.join(root, folder))));
  return files;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("releases", () => {
  it("creates a draft, refuses a taken version (as semver) and an invalid one, publishes and yanks with If-Match", async () => {
    const { project, token } = await downloadsProject();
    const created = await createRelease(token, project.id, { version: "1.2.0", title: "Winter", changelog: "- snow" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ version: "1.2.0", state: "DRAFT", channel: "STABLE", publishedAt: null, files: [] });
    expect(created.headers.get("etag")).toBe('"v1"');
    expect((await createRelease(token, project.id, { version: "1.2.0+build.7", title: "Again" })).status).toBe(409);
    const invalid = await createRelease(token, project.id, { version: "v1.3", title: "Bad" });
    expect(invalid.status).toBe(400);
    expect(invalid.json!.errors).toEqual([expect.objectContaining({ path: "version" })]);

    const id = created.json!.id as string;
    expect((await patchRelease(token, project.id, id, { state: "PUBLISHED" })).status).toBe(428);
    expect((await patchRelease(token, project.id, id, { state: "PUBLISHED" }, '"v9"')).status).toBe(412);
    const published = await patchRelease(token, project.id, id, { state: "PUBLISHED" }, '"v1"');
    expect(published.status).toBe(200);
    expect(published.json!.publishedAt).toEqual(expect.any(String));
    expect(published.headers.get("etag")).toBe('"v2"');
    expect((await patchRelease(token, project.id, id, { version: "1.2.1" }, '"v2"')).status).toBe(422);
    expect((await patchRelease(token, project.id, id, { state: "YANKED" }, '"v2"')).status).toBe(200);
    const back = await patchRelease(token, project.id, id, { state: "PUBLISHED" }, '"v3"');
    expect(back.status).toBe(422);
    expect(back.json!.code).toBe("invalid_transition");
    const actions = await db.auditEntry.findMany({
      where: { projectId: project.id, targetType: "release" },
      orderBy: { createdAt: "asc" },
    });
    expect(actions.map((entry) => entry.action)).toEqual(["release.create", "release.publish", "release.yank"]);
  });

  it("refuses a changelog nested too deep (security review after issue 23): 400 naming the field, on create and on change", async () => {
    const { project, token } = await downloadsProject();
    const deep = ">".repeat(4000);
    const created = await createRelease(token, project.id, { version: "1.0.0", title: "Deep", changelog: deep });
    expect(created.status).toBe(400);
    expect(created.json).toMatchObject({
      code: "validation_failed",
      errors: [{ path: "changelog", message: expect.stringMatching(/32 levels/) }],
    });
    const release = await createRelease(token, project.id, { version: "1.0.0", title: "Flat", changelog: "> quoted" });
    expect(release.status).toBe(201);
    const changed = await patchRelease(
      token,
      project.id,
      release.json!.id as string,
      { changelog: `- ${deep}` },
      release.headers.get("etag")!,
    );
    expect(changed.status).toBe(400);
    expect(changed.json).toMatchObject({ errors: [{ path: "changelog" }] });
  });

  it("shows drafts to releases.manage, pre-releases to testers and, with offerPrereleases, to everyone", async () => {
    const { project, token } = await downloadsProject();
    const tester = await createUser();
    await addMemberWith(project.id, tester.id, "TESTER");
    const testerToken = await tokenFor(tester.id, ["read"]);
    const outsider = await tokenFor((await createUser()).id, ["read"]);
    for (const [version, channel, publish] of [
      ["1.0.0", "STABLE", true],
      ["1.1.0-beta.1", "BETA", true],
      ["1.2.0", "STABLE", false],
    ] as const) {
      const created = await createRelease(token, project.id, { version, title: version, channel });
      if (publish) await patchRelease(token, project.id, created.json!.id as string, { state: "PUBLISHED" }, '"v1"');
    }
    const versions = async (caller: string | undefined) =>
      ((await listReleases(caller, project.id)).json!.data as { version: string }[]).map((release) => release.version).sort();
    expect(await versions(token)).toEqual(["1.0.0", "1.1.0-beta.1", "1.2.0"]);
    expect(await versions(testerToken)).toEqual(["1.0.0", "1.1.0-beta.1"]);
    expect(await versions(outsider)).toEqual(["1.0.0"]);
    expect(await versions(undefined)).toEqual(["1.0.0"]);
    await db.project.update({ where: { id: project.id }, data: { settings: { offerPrereleases: true } } });
    expect(await versions(undefined)).toEqual(["1.0.0", "1.1.0-beta.1"]);
  });

  it("deletes a draft with its files (rows and bytes), never a published release", async () => {
    const { project, token } = await downloadsProject();
    const draft = await createRelease(token, project.id, { version: "0.1.0", title: "First" });
    const file = await upload(token, project.id, `name=game.zip&kind=SOFTWARE&releaseId=${draft.json!.id}`, [randomBytes(1000)]);
    expect(file.status).toBe(201);
    const before = await storedFiles();
    const deleted = await call(releaseRoute.DELETE, "DELETE", "/", {
      token,
      params: { id: project.id, releaseId: draft.json!.id as string },
      headers: { "if-match": '"v1"' },
    });
    expect(deleted.status).toBe(204);
    expect(await db.download.count({ where: { id: file.json!.id as string } })).toBe(0);
    expect(await storedFiles()).toHaveLength(before.length - 1);

    const live = await createRelease(token, project.id, { version: "0.2.0", title: "Second" });
    await patchRelease(token, project.id, live.json!.id as string, { state: "PUBLISHED" }, '"v1"');
    const refused = await call(releaseRoute.DELETE, "DELETE", "/", {
      token,
      params: { id: project.id, releaseId: live.json!.id as string },
      headers: { "if-match": '"v2"' },
    });
    expect(refused.status).toBe(422);
  });
});

describe("upload", () => {
  afterEach(() => {
    delete process.env.MAX_UPLOAD_BYTES;
  });

  it("streams a file in chunks, measuring size and sha256, and audits it", async () => {
    const { project, token } = await downloadsProject();
    const chunks = [randomBytes(300_000), randomBytes(700_000), randomBytes(1)];
    const whole = Buffer.concat(chunks);
    const created = await upload(token, project.id, "name=Game%20Setup%20%C3%A9.exe&kind=SOFTWARE", chunks);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: "Game Setup é.exe",
      kind: "SOFTWARE",
      size: whole.length,
      sha256: sha256(whole),
      releaseId: null,
      downloadCount: 0,
    });
    expect(
      await db.auditEntry.count({ where: { projectId: project.id, action: "download.upload", targetId: created.json!.id as string } }),
    ).toBe(1);
  });

  it("answers 413 as soon as the limit is passed and keeps nothing; a declared Content-Length over it before reading", async () => {
    process.env.MAX_UPLOAD_BYTES = "100000";
    const { project, token } = await downloadsProject();
    const before = await storedFiles();
    let pulled = 0;
    // An endless body: the server must stop reading once past the limit.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(randomBytes(16_384));
      },
    });
    const tooLarge = await upload(token, project.id, "name=big.bin", endless);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json!.code).toBe("payload_too_large");
    expect(pulled).toBeLessThan(20);
    expect(await storedFiles()).toEqual(before);
    expect(await db.download.count({ where: { projectId: project.id } })).toBe(0);

    const declared = await upload(token, project.id, "name=big.bin", [randomBytes(10)], { "content-length": "100001" });
    expect(declared.status).toBe(413);
    const exact = await upload(token, project.id, "name=exact.bin", [randomBytes(100_000)]);
    expect(exact.status).toBe(201);
  });

  it("an upload interrupted by the client leaves no bytes and no row", async () => {
    const { project, token } = await downloadsProject();
    const before = await storedFiles();
    let sent = 0;
    const interrupted = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(randomBytes(65_536));
        else controller.error(new Error("connection reset"));
      },
    });
    const response = await upload(token, project.id, "name=half.bin", interrupted);
    expect(response.status).toBe(400);
    expect(response.json!.code).toBe("upload_interrupted");
    expect(await storedFiles()).toEqual(before);
    expect(await db.download.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("refuses other content types, bad names, yanked releases and callers without downloads.manage", async () => {
    const { project, token } = await downloadsProject();
    const tester = await createUser();
    await addMemberWith(project.id, tester.id, "TESTER");
    expect((await upload(token, project.id, "name=a.bin", [randomBytes(5)], { "content-type": "text/html" })).status).toBe(415);
    expect((await upload(token, project.id, "name=..%2Fescape", [randomBytes(5)])).status).toBe(400);
    expect((await upload(await tokenFor(tester.id), project.id, "name=a.bin", [randomBytes(5)])).status).toBe(403);
    const release = await createRelease(token, project.id, { version: "1.0.0", title: "One" });
    await patchRelease(token, project.id, release.json!.id as string, { state: "PUBLISHED" }, '"v1"');
    await patchRelease(token, project.id, release.json!.id as string, { state: "YANKED" }, '"v2"');
    expect((await upload(token, project.id, `name=a.bin&releaseId=${release.json!.id}`, [randomBytes(5)])).status).toBe(422);
    expect((await upload(token, project.id, "name=a.bin&releaseId=nope", [randomBytes(5)])).status).toBe(404);
  });
  it("refuses a name a launcher could not write (issue 23, finding 12): 400 naming the field, nothing stored", async () => {
    const { project, token } = await downloadsProject();
    const before = await storedFiles();
    for (const name of ["con.txt", "a:b.bin", "setup.exe.", "what?.zip", "LPT1"]) {
      const refused = await upload(token, project.id, `name=${encodeURIComponent(name)}`, [randomBytes(5)]);
      expect(refused.status, name).toBe(400);
      expect(refused.json, name).toMatchObject({ code: "validation_failed", errors: [{ path: "name" }] });
    }
    expect(await storedFiles()).toEqual(before);
    expect(await db.download.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("refuses a name another file of the release already has, ignoring case (also beyond ASCII): 409 name_taken, nothing stored", async () => {
    const { project, token } = await downloadsProject();
    const release = await createRelease(token, project.id, { version: "1.0.0", title: "One" });
    const other = await createRelease(token, project.id, { version: "1.1.0", title: "Two" });
    const inRelease = `releaseId=${release.json!.id}`;
    expect((await upload(token, project.id, `name=Game.exe&${inRelease}`, [randomBytes(5)])).status).toBe(201);
    expect((await upload(token, project.id, `name=${encodeURIComponent("Caf\u00e9.zip")}`, [randomBytes(5)])).status).toBe(201);
    const before = await storedFiles();

    const sameRelease = await upload(token, project.id, `name=game.EXE&${inRelease}`, [randomBytes(5)]);
    expect(sameRelease.status).toBe(409);
    expect(sameRelease.headers.get("content-type")).toContain("application/problem+json");
    expect(sameRelease.json).toMatchObject({ status: 409, code: "name_taken" });
    expect(sameRelease.json!.detail).toMatch(/Game\.exe/);
    // Files without a release share one folder too.
    expect((await upload(token, project.id, `name=${encodeURIComponent("CAF\u00c9.ZIP")}`, [randomBytes(5)])).json).toMatchObject({
      code: "name_taken",
    });
    expect(await storedFiles()).toEqual(before);
    expect(await db.download.count({ where: { projectId: project.id } })).toBe(2);

    // Another release, or the project's files without a release, may use the name.
    expect((await upload(token, project.id, `name=game.EXE&releaseId=${other.json!.id}`, [randomBytes(5)])).status).toBe(201);
    expect((await upload(token, project.id, "name=GAME.exe", [randomBytes(5)])).status).toBe(201);
  });
});

/** A body that waits, once the server starts reading it, until `release()`; `reading` resolves then. */
function heldBody(bytes: Uint8Array) {
  let reading!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => (reading = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  // highWaterMark 0: nothing is pulled before the server reads.
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reading();
        await released;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, started, release };
}

describe("storage quota and concurrent uploads (issue 23, finding 9)", () => {
  afterEach(() => {
    delete process.env.PROJECT_STORAGE_QUOTA_BYTES;
    delete process.env.MAX_CONCURRENT_UPLOADS_PER_USER;
  });

  it("refuses an upload that would take the project past PROJECT_STORAGE_QUOTA_BYTES: 413 quota_exceeded, nothing stored", async () => {
    process.env.PROJECT_STORAGE_QUOTA_BYTES = "100000";
    const { project, token } = await downloadsProject();
    expect((await upload(token, project.id, "name=first.bin", [randomBytes(60_000)])).status).toBe(201);
    const before = await storedFiles();

    const over = await upload(token, project.id, "name=second.bin", [randomBytes(50_000)]);
    expect(over.status).toBe(413);
    expect(over.json).toMatchObject({ status: 413, code: "quota_exceeded" });
    // Declared too large: refused before a byte is read.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(randomBytes(16_384));
      },
    });
    const declared = await upload(token, project.id, "name=declared.bin", endless, { "content-length": "40001" });
    expect(declared.json).toMatchObject({ status: 413, code: "quota_exceeded" });
    expect(pulled).toBeLessThan(5);
    expect(await storedFiles()).toEqual(before);
    expect(await db.download.count({ where: { projectId: project.id } })).toBe(1);

    // Exactly up to the quota fits; then not a byte more.
    expect((await upload(token, project.id, "name=rest.bin", [randomBytes(40_000)])).status).toBe(201);
    expect((await upload(token, project.id, "name=one.bin", [randomBytes(1)])).json).toMatchObject({ code: "quota_exceeded" });
    expect(await db.download.count({ where: { projectId: project.id } })).toBe(2);
  });

  it("holds under two concurrent uploads to one project: one is stored, the other is 413 and leaves nothing", async () => {
    process.env.PROJECT_STORAGE_QUOTA_BYTES = "100000";
    const { project, token } = await downloadsProject();
    const before = await storedFiles();
    const [a, b] = [heldBody(randomBytes(60_000)), heldBody(randomBytes(60_000))];
    const uploads = [upload(token, project.id, "name=a.bin", a.stream), upload(token, project.id, "name=b.bin", b.stream)];
    // Both have passed every check made before the bytes, and both are streaming.
    await Promise.all([a.started, b.started]);
    a.release();
    b.release();
    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
    expect(answers.find((answer) => answer.status === 413)!.json).toMatchObject({ code: "quota_exceeded" });
    expect(await db.download.count({ where: { projectId: project.id } })).toBe(1);
    expect(await storedFiles()).toHaveLength(before.length + 1);
  });

  it("limits a user's concurrent uploads (MAX_CONCURRENT_UPLOADS_PER_USER): 429 problem+json with Retry-After, other users unaffected", async () => {
    process.env.MAX_CONCURRENT_UPLOADS_PER_USER = "2";
    const { project, token } = await downloadsProject();
    const held = [heldBody(randomBytes(10)), heldBody(randomBytes(10))];
    const running = held.map((body, index) => upload(token, project.id, `name=held-${index}.bin`, body.stream));
    try {
      await Promise.all(held.map((body) => body.started));
      const third = await upload(token, project.id, "name=third.bin", [randomBytes(10)]);
      expect(third.status).toBe(429);
      expect(third.json).toMatchObject({ status: 429, code: "too_many_uploads" });
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);

      const colleague = await createUser();
      await addMemberWith(project.id, colleague.id, "DEVELOPER");
      expect((await upload(await tokenFor(colleague.id), project.id, "name=colleague.bin", [randomBytes(10)])).status).toBe(201);
    } finally {
      for (const body of held) body.release();
    }
    expect((await Promise.all(running)).map((answer) => answer.status)).toEqual([201, 201]);
    // The slots are given back when an upload ends, also when it failed.
    expect((await upload(token, project.id, "name=after.bin", [randomBytes(10)])).status).toBe(201);
    expect((await upload(token, project.id, "name=a:b", [randomBytes(10)])).status).toBe(400);
    process.env.PROJECT_STORAGE_QUOTA_BYTES = "1";
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await upload(token, project.id, "name=refused.bin", [randomBytes(10)])).status).toBe(413);
    delete process.env.PROJECT_STORAGE_QUOTA_BYTES;
    expect((await upload(token, project.id, "name=last.bin", [randomBytes(10)])).status).toBe(201);
  });
});

describe("download", () => {
  async function publishedFile(bytes: Buffer) {
    const context = await downloadsProject();
    const release = await createRelease(context.token, context.project.id, { version: "1.0.0", title: "One" });
    const file = await upload(
      context.token,
      context.project.id,
      `name=${encodeURIComponent("pack é.zip")}&kind=MODPACK&releaseId=${release.json!.id}`,
      [bytes],
    );
    await patchRelease(context.token, context.project.id, release.json!.id as string, { state: "PUBLISHED" }, '"v1"');
    return { ...context, releaseId: release.json!.id as string, fileId: file.json!.id as string };
  }
  const count = async (fileId: string) => (await db.download.findUniqueOrThrow({ where: { id: fileId } })).downloadCount;

  it("streams the whole file anonymously with Content-Length, Content-Disposition and ETag = sha256", async () => {
    const bytes = randomBytes(2_000_000);
    const { project, fileId } = await publishedFile(bytes);
    const whole = await download(undefined, project.id, fileId);
    expect(whole.status).toBe(200);
    expect(sha256(whole.bytes)).toBe(sha256(bytes));
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect(whole.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("application/octet-stream");
    expect(whole.headers.get("content-disposition")).toBe(`attachment; filename="pack _.zip"; filename*=UTF-8''pack%20%C3%A9.zip`);
    expect(await count(fileId)).toBe(1);
  });

  it("serves ranges with 206, counts a segmented download once, 416 past the end, 304 for its ETag", async () => {
    const bytes = randomBytes(10_000);
    const { project, fileId } = await publishedFile(bytes);
    const first = await download(undefined, project.id, fileId, { range: "bytes=0-4999" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe("bytes 0-4999/10000");
    expect(first.headers.get("content-length")).toBe("5000");
    const second = await download(undefined, project.id, fileId, { range: "bytes=5000-" });
    expect(second.status).toBe(206);
    expect(Buffer.concat([first.bytes, second.bytes]).equals(bytes)).toBe(true);
    expect(await count(fileId)).toBe(1);

    const suffix = await download(undefined, project.id, fileId, { range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(suffix.bytes.equals(bytes.subarray(-10))).toBe(true);
    const clipped = await download(undefined, project.id, fileId, { range: "bytes=9990-20000" });
    expect(clipped.headers.get("content-range")).toBe("bytes 9990-9999/10000");
    const beyond = await download(undefined, project.id, fileId, { range: "bytes=10000-" });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */10000");
    const malformed = await download(undefined, project.id, fileId, { range: "bytes=0-1,5-6" });
    expect(malformed.status).toBe(200);
    expect(malformed.bytes.length).toBe(10_000);
    const stale = await download(undefined, project.id, fileId, { range: "bytes=5000-", "if-range": '"other"' });
    expect(stale.status).toBe(200);
    const before = await count(fileId);
    const unchanged = await download(undefined, project.id, fileId, { "if-none-match": `"${sha256(bytes)}"` });
    expect(unchanged.status).toBe(304);
    expect(await count(fileId)).toBe(before);
  });

  describe("counting once per client, file and day (issue 23, finding 8)", () => {
    const client = (ip: string, userAgent = "Launcher/1.0") => ({ "x-forwarded-for": ip, "user-agent": userAgent });

    it("counts a whole answer or a range from byte 0, never a range that starts later", async () => {
      const bytes = randomBytes(10_000);
      const { project, fileId } = await publishedFile(bytes);
      expect((await download(undefined, project.id, fileId, { ...client("10.7.0.1"), range: "bytes=5000-" })).status).toBe(206);
      expect((await download(undefined, project.id, fileId, { ...client("10.7.0.2"), range: "bytes=-10" })).status).toBe(206);
      expect(await count(fileId)).toBe(0);
      expect((await download(undefined, project.id, fileId, { ...client("10.7.0.1"), range: "bytes=0-4999" })).status).toBe(206);
      expect(await count(fileId)).toBe(1);
      expect((await download(undefined, project.id, fileId, client("10.7.0.3"))).status).toBe(200);
      expect(await count(fileId)).toBe(2);
    });

    it("one client counts once a day, whatever it fetches and whichever user agent it sends; the raw address is never stored", async () => {
      const { project, fileId } = await publishedFile(randomBytes(10_000));
      await download(undefined, project.id, fileId, client("10.7.1.1"));
      await download(undefined, project.id, fileId, { ...client("10.7.1.1"), range: "bytes=0-99" });
      for (let agent = 0; agent < 5; agent++) await download(undefined, project.id, fileId, client("10.7.1.1", `Agent/${agent}`));
      expect(await count(fileId)).toBe(1);
      await download(undefined, project.id, fileId, client("10.7.1.2"));
      expect(await count(fileId)).toBe(2);
      for (const row of await db.downloadClient.findMany({ where: { downloadId: fileId } })) expect(row.clientKey).not.toMatch(/10\.7\.1/);
    });

    it("IPv6 addresses of one /64 are one client", async () => {
      const { project, fileId } = await publishedFile(randomBytes(1_000));
      for (const ip of ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:abcd:ef01:2345:6789"])
        await download(undefined, project.id, fileId, client(ip));
      expect(await count(fileId)).toBe(1);
      await download(undefined, project.id, fileId, client("2001:db8:7:2::1"));
      expect(await count(fileId)).toBe(2);
    });

    it("HEAD answers the download's headers without its bytes and counts nothing", async () => {
      const bytes = randomBytes(5_000);
      const { project, fileId } = await publishedFile(bytes);
      // Next.js routes HEAD to a route's GET handler when it exports no HEAD of its own.
      const request = new Request(`http://127.0.0.1:3000/api/v1/projects/${project.id}/files/${fileId}/download`, {
        method: "HEAD",
        headers: client("10.7.2.1"),
      });
      const head = await fileDownloadRoute.GET(request, { params: Promise.resolve({ id: project.id, fileId }) });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(bytes.length));
      expect(head.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
      expect(head.body).toBeNull();
      expect(await count(fileId)).toBe(0);
      // HEAD reads: a token with only the read scope may ask, as it may GET.
      const readOnly = await tokenFor((await createUser()).id, ["read"]);
      const asReader = new Request(request.url, {
        method: "HEAD",
        headers: { ...client("10.7.2.2"), authorization: `Bearer ${readOnly}` },
      });
      expect((await fileDownloadRoute.GET(asReader, { params: Promise.resolve({ id: project.id, fileId }) })).status).toBe(200);
      expect(await count(fileId)).toBe(0);
    });

    it("a counted download never empties the data cache", async () => {
      const { project, fileId } = await publishedFile(randomBytes(1_000));
      const generation = dataCacheStats().generation;
      await download(undefined, project.id, fileId, client("10.7.3.1"));
      await download(undefined, project.id, fileId, client("10.7.3.2"));
      expect(await count(fileId)).toBe(2);
      expect(dataCacheStats().generation).toBe(generation);
    });

    it("a signed-in user is one client from any address; the same client counts again the next day", async () => {
      const { project, token, fileId } = await publishedFile(randomBytes(1_000));
      await download(token, project.id, fileId, client("10.8.0.1"));
      await download(token, project.id, fileId, client("10.8.0.2", "Other/1.0"));
      expect(await count(fileId)).toBe(1);
      await download(undefined, project.id, fileId, client("10.8.0.1"));
      expect(await count(fileId)).toBe(2);

      // Yesterday's rows: today is a new day for every client.
      await db.downloadClient.updateMany({ where: { downloadId: fileId }, data: { day: new Date(Date.now() - 24 * 60 * 60 * 1000) } });
      await download(token, project.id, fileId, client("10.8.0.3"));
      expect(await count(fileId)).toBe(3);
      await download(token, project.id, fileId, client("10.8.0.3"));
      expect(await count(fileId)).toBe(3);
    });

    it("concurrent requests of one client count once; of two clients, twice", async () => {
      const { project, fileId } = await publishedFile(randomBytes(200_000));
      const same = await Promise.all([
        download(undefined, project.id, fileId, client("10.9.0.1")),
        download(undefined, project.id, fileId, { ...client("10.9.0.1"), range: "bytes=0-" }),
        download(undefined, project.id, fileId, client("10.9.0.1")),
      ]);
      expect(same.map((answer) => answer.status).sort()).toEqual([200, 200, 206]);
      expect(await count(fileId)).toBe(1);
      await Promise.all([
        download(undefined, project.id, fileId, client("10.9.0.2")),
        download(undefined, project.id, fileId, client("10.9.0.3")),
      ]);
      expect(await count(fileId)).toBe(3);
    });

    it("the Files tab totals per kind add up the per-client counts", async () => {
      const { project, owner, fileId } = await publishedFile(randomBytes(100));
      await download(undefined, project.id, fileId, client("10.10.0.1"));
      await download(undefined, project.id, fileId, client("10.10.0.1"));
      await download(undefined, project.id, fileId, client("10.10.0.2"));
      const context = await downloadsContextFor(actorOf(owner), project.id);
      expect(await downloadTotals(context)).toEqual([{ kind: "MODPACK", files: 1, downloads: 2 }]);
    });
  });

  it("a draft or yanked release's files are 404 to whoever cannot see the release", async () => {
    const { project, token, fileId, releaseId } = await publishedFile(randomBytes(100));
    await patchRelease(token, project.id, releaseId, { state: "YANKED" }, '"v2"');
    expect((await download(undefined, project.id, fileId)).status).toBe(404);
    expect((await call(fileRoute.GET, "GET", "/", { params: { id: project.id, fileId } })).status).toBe(404);
    expect((await call(filesRoute.GET, "GET", "/", { params: { id: project.id } })).json!.data).toEqual([]);
    expect((await download(token, project.id, fileId)).status).toBe(200);
  });

  it("an empty file downloads as zero bytes; a range of it is unsatisfiable", async () => {
    const { project, token } = await downloadsProject();
    const empty = await upload(token, project.id, "name=empty.txt", []);
    expect(empty.json).toMatchObject({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    const whole = await download(undefined, project.id, empty.json!.id as string);
    expect(whole.status).toBe(200);
    expect(whole.bytes.length).toBe(0);
    expect((await download(undefined, project.id, empty.json!.id as string, { range: "bytes=0-" })).status).toBe(416);
  });
});
