/**
 * The release, file and launcher cross-tenant table's callers, projects and rules, shared by its two
 * files (app/api/v1/projects/releases-cross-tenant.test.ts: the releases, their review and trust;
 * files-cross-tenant.test.ts: files, downloads and the launcher), which run side by side in two
 * test workers. Every endpoint × every kind of caller × a project in every status and visibility,
 * with the DOWNLOADS and LAUNCHER modules on (pre-releases offered or not) and off. Each
 * (untrusted) project holds a draft, a published STABLE, a published BETA, a yanked release and a
 * release in review, each with one file, and a file without a release. The expected status (and
 * what a list shows) comes from DESIGN 4, 8.1 and 8.2 (release review, frozen files, the lock of a
 * project in review, trust), written out in the two files. Calls that change something are put
 * back, so every row starts from the same state; a download's count is the exception: no row reads
 * it, and putting it back (a write, which empties the data cache) made the download rows about
 * twice as many statements (docs/testing.md, Budget, 2026-11-27 evening).
 *
 * A file using it imports lib/testing/unlimited-api-rate.ts first (each caller makes about a
 * thousand calls within a minute; the per-caller API limit is not what the table checks).
 */
import { beforeAll } from "vitest";
import { db } from "../db/client";
import type { Project } from "../db/generated/client";
import { fileStore } from "../files/store";
import { ANONYMOUS, crossTenantOracle, memberWith, moduleOn, SIGNED_IN, staff, STAFF_TOKENS, SUSPENDED_OWNER } from "./cross-tenant-oracle";
import { createTableCallers, createTableProjects, type TableEndpoint } from "./cross-tenant-table";
import { tokenFor } from "./factories";

export const KINDS = ["draft", "stable", "beta", "yanked", "review"] as const;
export type Kind = (typeof KINDS)[number];
export const RELEASES: Record<
  Kind,
  { version: string; channel: "STABLE" | "BETA"; state: "DRAFT" | "IN_REVIEW" | "PUBLISHED" | "YANKED" }
> = {
  draft: { version: "2.0.0", channel: "STABLE", state: "DRAFT" },
  stable: { version: "1.0.0", channel: "STABLE", state: "PUBLISHED" },
  beta: { version: "1.1.0-beta.1", channel: "BETA", state: "PUBLISHED" },
  yanked: { version: "0.9.0", channel: "STABLE", state: "YANKED" },
  review: { version: "2.1.0", channel: "STABLE", state: "IN_REVIEW" },
};

// The callers, and the rules as DESIGN states them (lib/testing/cross-tenant-oracle.ts) over them.
export const {
  callers: CALLERS,
  has,
  seesDownloads,
  seesInLauncher,
  seesRelease: seesReleaseOf,
  seesLooseFiles,
  reviews,
  isAnonymous,
  write,
} = crossTenantOracle({
  owner: memberWith("OWNER"),
  developer: memberWith("DEVELOPER"),
  tester: memberWith("TESTER"),
  member: memberWith("MEMBER"),
  suspendedOwner: SUSPENDED_OWNER,
  ownerReadOnly: memberWith("OWNER", { readOnly: true }),
  anonymous: ANONYMOUS,
  outsider: SIGNED_IN,
  ...STAFF_TOKENS,
  teamLeadAdmin: staff("reviewer"),
});
export type Caller = (typeof CALLERS)[number];
export const launcherOn = (p: Project) => moduleOn(p, "LAUNCHER");
export const seesRelease = (c: Caller, p: Project, kind: Kind) => seesReleaseOf(c, p, RELEASES[kind]);

/**
 * A team's change: as `write` says, except that while the project is in review every change to its
 * releases and files that would pass is refused with 409 in_review (DESIGN 8.2).
 */
export const teamWrite = (c: Caller, p: Project, exists: boolean, permission: Parameters<typeof write>[2], success: number) => {
  const status = write(c, exists, permission, success);
  return status === success && p.status === "IN_REVIEW" ? 409 : status;
};
/** A reviewer's call (scope admin, projects.review): 401, 403 for everyone else (tokens without the admin scope too), 404 where it is not theirs to see. */
export const reviewerCall = (c: Caller, exists: boolean, success: number) =>
  isAnonymous(c) ? 401 : !reviews(c) ? 403 : exists ? success : 404;

export interface Fixture {
  tokens: Partial<Record<Caller, string>>;
  projects: Project[];
  releases: Record<string, Record<Kind, string>>;
  files: Record<string, Record<Kind | "loose", string>>;
}
export const fixture: Fixture = { tokens: {}, projects: [], releases: {}, files: {} };
/** The table projects' launcher settings: versions offered, so the manifest lists them (manifest v2 leaves them out otherwise). */
const LAUNCHER_SETTINGS = {
  offerInstall: true,
  offerUpdate: true,
  offerRepair: true,
  offerGameStart: false,
  offerVersions: true,
  launchSettings: {},
};
export const keepLauncherSettings = (projectId: string) =>
  db.launcherSettings.upsert({ where: { projectId }, create: { projectId, ...LAUNCHER_SETTINGS }, update: LAUNCHER_SETTINGS });

export async function storeFile(projectId: string, releaseId: string | null, name: string, id?: string) {
  const bytes = Buffer.from(`${name} of ${projectId}`);
  return db.download.create({
    data: {
      ...(id ? { id } : {}),
      projectId,
      releaseId,
      kind: "SOFTWARE",
      fileName: name,
      contentType: "application/octet-stream",
      size: BigInt(bytes.length),
      sha256: "0".repeat(64),
      storageKey: await fileStore().put(bytes),
    },
  });
}

/** Makes the table's callers and projects before the calling file's first test (about 60 projects). */
export function setUpReleaseTable() {
  beforeAll(async () => {
    const callers = await createTableCallers(["developer", "tester", "member", "outsider"] as const);
    const { owner, tokens } = callers;
    fixture.tokens = { ...tokens, ownerReadOnly: await tokenFor(owner.id, ["read"]) };

    const variants = [
      { modules: ["DOWNLOADS", "LAUNCHER"] as const, offerPrereleases: false, label: "on" },
      { modules: ["DOWNLOADS", "LAUNCHER"] as const, offerPrereleases: true, label: "on+pre" },
      { modules: [] as const, offerPrereleases: true, label: "off" },
    ];
    fixture.projects = await createTableProjects(callers, {
      variants,
      members: ["developer", "tester", "member"],
      prepare: async (project, variant) => {
        await db.project.update({ where: { id: project.id }, data: { settings: { offerPrereleases: variant.offerPrereleases } } });
        await keepLauncherSettings(project.id);
        fixture.releases[project.id] = {} as Record<Kind, string>;
        fixture.files[project.id] = {} as Record<Kind | "loose", string>;
        fixture.files[project.id].loose = (await storeFile(project.id, null, "loose.bin")).id;
        for (const kind of KINDS) {
          const spec = RELEASES[kind];
          const release = await db.release.create({
            data: {
              projectId: project.id,
              version: spec.version,
              title: kind,
              channel: spec.channel,
              state: spec.state,
              publishedAt: spec.state === "PUBLISHED" || spec.state === "YANKED" ? new Date() : null,
              submittedAt: spec.state === "IN_REVIEW" ? new Date() : null,
            },
          });
          const file = await storeFile(project.id, release.id, `${kind}.bin`);
          fixture.releases[project.id][kind] = release.id;
          fixture.files[project.id][kind] = file.id;
        }
      },
    });
  }, 300_000);
}

export type Endpoint = TableEndpoint<Caller>;

export const seenKinds = (c: Caller, p: Project) => KINDS.filter((kind) => seesRelease(c, p, kind)).sort();
export const seenFiles = (c: Caller, p: Project) => [...seenKinds(c, p), ...(seesLooseFiles(c, p) ? ["loose"] : [])].sort();
export const titles = (json: Record<string, unknown>) =>
  (json.data as { title?: string; name?: string }[]).map((row) => row.title ?? row.name!.replace(".bin", "")).sort();
export const compare = (got: string[], want: string[]) =>
  JSON.stringify(got) === JSON.stringify(want) ? null : `shows ${got.join(",")}, expected ${want.join(",")}`;
