import { describe, expect, it } from "vitest";
import { renderHtml } from "@/components/testing/render-html";
import { ALL_PROJECT_PERMISSIONS } from "@/lib/permissions";
import { permissionsToSave, RoleEditor } from "./role-editor";

const noAction = async () => ({ ok: true as const, message: "" });

/** The permission check boxes the editor offers for a project with `modules` on. */
function offered(modules: string[]): string[] {
  const html = renderHtml(
    <RoleEditor
      target={{ projectId: "p", slug: "p" }}
      grantable={ALL_PROJECT_PERMISSIONS}
      modules={modules}
      actions={{ save: noAction, remove: noAction }}
      role={{
        id: "r",
        key: null,
        name: "Builder",
        label: "Builder",
        rank: 10,
        permissions: ["project.view", "launcher.manage"],
        custom: true,
        memberCount: 0,
        editable: true,
      }}
    />,
    { feedback: true },
  );
  return [...html.matchAll(/type="checkbox"[^>]*value="([^"]+)"/g)].map((match) => match[1]);
}

describe("the role editor and modules that are off", () => {
  it("offers no permission of a module that is off", () => {
    const none = offered([]);
    for (const permission of ["applications.view", "applications.decide", "releases.manage", "downloads.manage", "launcher.manage"]) {
      expect(none).not.toContain(permission);
    }
    expect(none).toEqual(expect.arrayContaining(["project.view", "members.manage", "webhooks.manage"]));
    expect(offered(["LAUNCHER"])).toContain("launcher.manage");
  });

  it("keeps what a role holds of a module that is off when it is saved", () => {
    expect(permissionsToSave(["project.view"], ["project.view", "launcher.manage", "members.view"], [])).toEqual([
      "project.view",
      "launcher.manage",
    ]);
    expect(permissionsToSave(["project.view"], ["project.view", "launcher.manage"], ["LAUNCHER"])).toEqual(["project.view"]);
  });
});
