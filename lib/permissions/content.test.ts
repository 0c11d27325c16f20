import { describe, expect, it } from "vitest";
import {
  canReadMessages,
  canReadPages,
  canUseInLauncher,
  DEFAULT_PROJECT_ROLES,
  PROJECT_STATUSES,
  PROJECT_VISIBILITIES,
  projectAccess,
  type PlatformRole,
} from ".";

const rows = PROJECT_STATUSES.flatMap((status) => PROJECT_VISIBILITIES.map((visibility) => ({ status, visibility })));
const user = (roles: PlatformRole[]) => ({ platformRoles: roles, partnerStatus: "NONE" as const });
const memberRole = { key: "MEMBER", ...DEFAULT_PROJECT_ROLES.MEMBER };

describe("who reads a project's pages and announcements", () => {
  it.each(rows)("in a $status $visibility project", (project) => {
    const released = project.status === "PUBLISHED" || project.status === "ARCHIVED";
    const anonymous = projectAccess(null, null, project);
    const outsider = projectAccess(user(["USER"]), null, project);
    const member = projectAccess(user(["USER"]), memberRole, project);
    const support = projectAccess(user(["SUPPORT"]), null, project);

    // Announcements: whoever sees the project.
    expect(canReadMessages(anonymous)).toBe(released && (project.visibility === "PUBLIC" || project.visibility === "LAUNCHER"));
    expect(canReadMessages(outsider)).toBe(released && project.visibility !== "PRIVATE");
    expect(canReadMessages(member)).toBe(true);
    // Pages: the same, except that APPLICATION_ONLY pages are for members (and staff who see every project).
    expect(canReadPages(anonymous, project)).toBe(released && (project.visibility === "PUBLIC" || project.visibility === "LAUNCHER"));
    expect(canReadPages(outsider, project)).toBe(released && (project.visibility === "PUBLIC" || project.visibility === "LAUNCHER"));
    expect(canReadPages(member, project)).toBe(true);
    expect(canReadPages(support, project)).toBe(true);
  });
});

describe("whom the launcher API serves a project (issue 23, finding 10)", () => {
  it.each(rows)("in a $status $visibility project", (project) => {
    const released = project.status === "PUBLISHED" || project.status === "ARCHIVED";
    const offered = project.visibility === "PUBLIC" || project.visibility === "LAUNCHER";
    expect(canUseInLauncher(projectAccess(null, null, project), project)).toBe(released && offered);
    // A signed-in stranger may read an APPLICATION_ONLY project's page, but not its launcher manifest.
    expect(canUseInLauncher(projectAccess(user(["USER"]), null, project), project)).toBe(released && offered);
    expect(canUseInLauncher(projectAccess(user(["USER"]), memberRole, project), project)).toBe(true);
    expect(canUseInLauncher(projectAccess(user(["SUPPORT"]), null, project), project)).toBe(true);
  });
});
