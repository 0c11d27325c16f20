import { createHash } from "node:crypto";
import { actorFromUser, type RequestMeta } from "../auth/actor";
import { db } from "../db/client";
import { uploadFile } from "../downloads/service";
import { updateLauncherSettings } from "../launcher/service";
import { createRelease, updateRelease } from "../releases/service";

/**
 * Demo releases, files and launcher settings for Skyforge Survival: a published STABLE release
 * with a client and a modpack, a published BETA, a draft and a yanked release, made through the
 * services (so files are really stored, with their sha256). Pre-releases are offered publicly.
 * Each file has an install path in the game's folder (the client at one path in every version, so
 * an update replaces it); the demo bytes are text, not archives, so none is extracted.
 */
const RELEASES = [
  {
    version: "1.0.0",
    title: "Launch",
    channel: "STABLE",
    state: "YANKED",
    changelog: "- First public version",
    files: [["skyforge-client-1.0.0.zip", "SOFTWARE", "game/skyforge-client.pak"]],
  },
  {
    version: "1.0.1",
    title: "Island update",
    channel: "STABLE",
    state: "PUBLISHED",
    changelog: "# Island update\n- Three new floating islands\n- **Faster** chunk loading\n- Fixed `/home` after a restart",
    files: [
      ["skyforge-client-1.0.1.zip", "SOFTWARE", "game/skyforge-client.pak"],
      ["skyforge-modpack-1.0.1.zip", "MODPACK", "mods/skyforge-modpack.pak"],
    ],
  },
  {
    version: "1.1.0-beta.1",
    title: "Economy beta",
    channel: "BETA",
    state: "PUBLISHED",
    changelog: "- Player shops (beta)",
    files: [["skyforge-client-1.1.0-beta.1.zip", "SOFTWARE", "game/skyforge-client.pak"]],
  },
  { version: "1.2.0", title: "Next (draft)", channel: "STABLE", state: "DRAFT", changelog: "- Work in progress", files: [] },
] as const;

/** Demo bytes: a small readable text, different per file, so downloads can be checked by sha256. */
function demoBytes(name: string): ReadableStream<Uint8Array> {
  return new Blob([`Demo download ${name}\n`.repeat(2000)]).stream();
}

export async function seedDemoReleases(projectSlug: string): Promise<string | null> {
  const project = await db.project.findUniqueOrThrow({
    where: { slug: projectSlug },
    include: { members: { where: { role: { key: "OWNER" } }, include: { user: true } } },
  });
  if (await db.release.count({ where: { projectId: project.id } })) return null;
  const owner = actorFromUser(project.members[0].user);
  const meta: RequestMeta = { ip: null, userAgent: "seed:demo", requestId: `seed-releases-${projectSlug}` };
  await db.project.update({
    where: { id: project.id },
    data: {
      modules: [...new Set([...project.modules, "DOWNLOADS" as const, "LAUNCHER" as const])],
      settings: { ...(project.settings as object), offerPrereleases: true },
      // The demo's published project is trusted (DESIGN §8.2): its team publishes releases directly.
      trusted: true,
      trustReason: "Demo data: a long-standing partner studio.",
    },
  });
  await updateLauncherSettings(
    owner,
    project.id,
    {
      offerInstall: true,
      offerUpdate: true,
      offerRepair: true,
      offerGameStart: true,
      offerVersions: true,
      launchSettings: {
        executable: "bin/skyforge",
        arguments: ["--server", "play.skyforge.example"],
        platforms: { windows: { executable: "bin/skyforge.exe", arguments: [] } },
        minimumLauncherVersion: "2.0.0",
        minimumMemoryMb: 4096,
      },
    },
    meta,
  );
  for (const spec of RELEASES) {
    const release = await createRelease(
      owner,
      project.id,
      { version: spec.version, title: spec.title, changelog: spec.changelog, channel: spec.channel },
      meta,
    );
    for (const [name, kind, path] of spec.files)
      await uploadFile(owner, project.id, { name, kind, releaseId: release.body.id, path }, demoBytes(name), meta);
    let revision = release.body.revision;
    if (spec.state !== "DRAFT")
      revision = (await updateRelease(owner, project.id, release.body.id, { state: "PUBLISHED" }, revision, meta)).body.revision;
    if (spec.state === "YANKED") await updateRelease(owner, project.id, release.body.id, { state: "YANKED" }, revision, meta);
  }
  const sha = createHash("sha256").update(`Demo download skyforge-client-1.0.1.zip\n`.repeat(2000)).digest("hex");
  return `${RELEASES.length} demo releases of Skyforge Survival (published, beta, draft, yanked) with files; skyforge-client-1.0.1.zip has sha256 ${sha}.`;
}
