import { describe, expect, it } from "vitest";
import type { Actor } from "../auth/actor";
import { ALL_PROJECT_PERMISSIONS, type ProjectPermission } from "../permissions";
import type { ProjectModuleName } from "../projects/schemas";
import { MANAGE_GROUPS, MANAGE_TABS, missingItemHref, type ManageTabKey, manageTabState, visibleManageTabs } from "./project-page";

const actor = { userId: "user-1" } as Actor;
const allModules: ProjectModuleName[] = ["APPLICATIONS", "DOWNLOADS", "LAUNCHER", "PROJECT_PAGES", "MESSAGES"];

function context(permissions: readonly ProjectPermission[], modules: ProjectModuleName[], who: Actor | null = actor) {
  return { actor: who, project: { modules }, access: { permissions: new Set(permissions) } };
}

// One row per tab: its permission, and the module without which the tab does not exist.
const rows: [ManageTabKey, ProjectPermission, ProjectModuleName | null][] = [
  ["presentation", "project.edit", null],
  ["modules", "project.settings", null],
  ["settings", "project.settings", null],
  ["webhooks", "webhooks.manage", null],
  ["review", "project.view", null],
  ["team", "members.view", null],
  ["roles", "members.view", null],
  ["applications", "applications.view", "APPLICATIONS"],
  ["releases", "releases.manage", "DOWNLOADS"],
  ["files", "downloads.manage", "DOWNLOADS"],
  ["launcher", "launcher.manage", "LAUNCHER"],
  ["pages", "pages.manage", "PROJECT_PAGES"],
  ["messages", "messages.manage", "MESSAGES"],
];

describe("the management tab table", () => {
  it("has one row here per tab", () => {
    expect(rows.map(([key]) => key)).toEqual(MANAGE_TABS.map((tab) => tab.key));
  });

  it("keeps each group's tabs together, the groups in the navigation's order (issue 30)", () => {
    const groups = MANAGE_TABS.map((tab) => tab.group).filter((group, index, all) => group !== all[index - 1]);
    expect(groups).toEqual([...MANAGE_GROUPS]);
  });

  it.each(rows)("%s opens with %s (module %s)", (key, permission, module) => {
    expect(manageTabState(key, context([permission], allModules))).toBe("open");
    expect(manageTabState(key, context([], allModules))).toBe("no-access");
    expect(manageTabState(key, context([permission], allModules, null))).toBe("no-access");
    if (module) {
      // A disabled module is a 404 for everyone, even with every permission (staff).
      const without = allModules.filter((name) => name !== module);
      expect(manageTabState(key, context(ALL_PROJECT_PERMISSIONS, without))).toBe("not-found");
      expect(manageTabState(key, context([], without))).toBe("not-found");
    }
  });

  it("shows exactly the tabs whose pages open", () => {
    for (const permissions of [[], ["project.view", "members.view"], ALL_PROJECT_PERMISSIONS] as ProjectPermission[][])
      for (const modules of [[], allModules, ["DOWNLOADS"]] as ProjectModuleName[][]) {
        const shown = visibleManageTabs(context(permissions, modules)).map((tab) => tab.key);
        const opening = MANAGE_TABS.filter((tab) => manageTabState(tab.key, context(permissions, modules)) === "open");
        expect(shown).toEqual(opening.map((tab) => tab.key));
      }
    expect(visibleManageTabs(context(["project.view", "members.view"], allModules)).map((tab) => tab.key)).toEqual([
      "review",
      "team",
      "roles",
    ]);
  });

  it("links each missing item of the submission checklist to its field or tab, if the user may open it (issue 30)", () => {
    const all = context(ALL_PROJECT_PERMISSIONS, allModules);
    expect(missingItemHref("logoUrl", all)).toBe("#logoUrl");
    expect(missingItemHref("settings.supportLinks", all)).toBe("/settings#supportLinks");
    expect(missingItemHref("launcher", all)).toBe("/launcher");
    expect(missingItemHref("pages", all)).toBe("/pages/new");
    expect(missingItemHref("modules", all)).toBe("/modules");
    expect(missingItemHref("unknown", all)).toBeNull();
    expect(missingItemHref("logoUrl", context(["project.view"], allModules))).toBeNull();
  });
});
