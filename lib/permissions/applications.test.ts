import { describe, expect, it } from "vitest";
import {
  canAcceptAs,
  canApply,
  DEFAULT_PROJECT_ROLES,
  PROJECT_STATUSES,
  PROJECT_VISIBILITIES,
  projectAccess,
  type DefaultRoleKey,
  type PartnerStatus,
} from ".";

const roleGrant = (key: DefaultRoleKey) => ({ key, ...DEFAULT_PROJECT_ROLES[key] });
const project = { status: "PUBLISHED" as const, visibility: "PUBLIC" as const };
const accessOf = (key: DefaultRoleKey, partnerStatus: PartnerStatus = "ACTIVE") =>
  projectAccess({ platformRoles: ["PARTNER"], partnerStatus }, roleGrant(key), project);

describe("who may apply", () => {
  const rows = PROJECT_STATUSES.flatMap((status) => PROJECT_VISIBILITIES.map((visibility) => ({ status, visibility })));
  it.each(rows)(
    "a signed-in non-member may apply to a $status $visibility project only when published PUBLIC or APPLICATION_ONLY",
    ({ status, visibility }) => {
      const expected = status === "PUBLISHED" && (visibility === "PUBLIC" || visibility === "APPLICATION_ONLY");
      expect(canApply({ status, visibility, applicationsOpen: true }, { member: false })).toBe(expected);
    },
  );

  it("refuses members and closed applications", () => {
    expect(canApply({ ...project, applicationsOpen: true }, { member: true })).toBe(false);
    expect(canApply({ ...project, applicationsOpen: false }, { member: false })).toBe(false);
  });
});

describe("which role a decider may accept an applicant as", () => {
  it.each([
    ["OWNER", "MEMBER", true],
    ["OWNER", "MANAGER", true],
    ["OWNER", "OWNER", false],
    ["MANAGER", "TESTER", true],
    ["MANAGER", "MANAGER", false],
    ["MODERATOR", "MEMBER", true],
    ["MODERATOR", "TESTER", false],
    ["MODERATOR", "DEVELOPER", false],
    ["DEVELOPER", "MEMBER", false],
    ["MEMBER", "MEMBER", false],
  ] as const)("%s accepts as %s: %s", (decider, role, expected) => {
    expect(canAcceptAs(accessOf(decider), roleGrant(role))).toBe(expected);
  });

  it("an Owner whose partner status is not ACTIVE decides nothing", () => {
    expect(canAcceptAs(accessOf("OWNER", "SUSPENDED"), roleGrant("MEMBER"))).toBe(false);
    expect(accessOf("OWNER", "SUSPENDED").permissions.has("applications.view")).toBe(false);
  });
});
