import { describe, expect, it } from "vitest";
import { actorFromUser } from "../auth/actor";
import type { PlatformRole } from "../permissions";
import { currentHref, landingFor, navigationFor } from "./navigation";

const user = (...platformRoles: PlatformRole[]) =>
  actorFromUser({
    id: "u1",
    username: "u",
    displayName: "U",
    platformRoles,
    partnerStatus: platformRoles.includes("PARTNER") ? "ACTIVE" : "NONE",
  });

describe("the portal header", () => {
  it("shows staff links only to those who hold their permission, and account links only when signed in", () => {
    expect(navigationFor(null)).toEqual({ main: [{ label: "projects", href: "/projects" }], staff: [], account: [] });
    const plain = navigationFor(user("USER"));
    expect(plain.staff).toEqual([]);
    expect(plain.account.map((item) => item.href)).toContain("/account/security");
    const lead = navigationFor(user("USER", "PROJECT_LEAD"));
    expect(lead.staff.map((item) => item.label)).toEqual(["review", "users", "audit", "outbox", "webhooks"]);
    expect(navigationFor(user("USER", "PARTNER")).staff).toEqual([]);
  });

  it("marks the most specific link as the current page", () => {
    const all = ["/projects", "/my-projects", "/account", "/account/security", "/account#tokens"];
    expect(currentHref(all, "/account")).toBe("/account");
    expect(currentHref(all, "/account/security")).toBe("/account/security");
    expect(currentHref(all, "/projects/skyforge/manage/team")).toBe("/projects");
    expect(currentHref(all, "/my-projects")).toBe("/my-projects");
    expect(currentHref(all, "/")).toBeNull();
    expect(currentHref(all, "/accounting")).toBeNull();
  });

  it("sends each user to their work after sign-in", () => {
    expect(landingFor(user("USER", "TEAM_LEAD"), false)).toBe("/review");
    expect(landingFor(user("USER", "SUPPORT"), false)).toBe("/admin/users");
    expect(landingFor(user("USER", "PARTNER"), false)).toBe("/my-projects");
    expect(landingFor(user("USER"), true)).toBe("/my-projects");
    expect(landingFor(user("USER"), false)).toBe("/account");
  });
});
