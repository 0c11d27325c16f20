import { describe, expect, it } from "vitest";
import { classifiedActions } from "../audit-log/events";
import { LOCALES } from "../i18n/locales";
import { MESSAGES } from "../i18n/messages";
import { AUDIT_AREAS, auditActionsByArea, auditSentence, type AuditNames, emptyAuditNames, isWordedAction } from "./sentence";
import { auditEntryView } from "../testing/audit";

const entry = (fields: Parameters<typeof auditEntryView>[0]) => auditEntryView({ projectId: null, ...fields });

function names(): AuditNames {
  const found = emptyAuditNames();
  found.users.set("u-pia", { displayName: "Pia (Partner)", username: "pia.partner", deleted: false });
  found.users.set("u-max", { displayName: "Max", username: "max.member", deleted: false });
  found.users.set("u-gone", { displayName: "Deleted user", username: "[deleted]", deleted: true });
  found.projects.set("p-sky", { name: "Skyforge Survival", slug: "skyforge-survival", deleted: false });
  found.projects.set("p-old", { name: "Old Project", slug: "old-project", deleted: true });
  found.roles.set("r-tester", { name: "Tester", key: "TESTER" });
  found.roles.set("r-custom", { name: "Mappers", key: null });
  found.labels.set("release:rel-1", "1.2.0");
  found.people.set("application:app-1", "u-max");
  found.people.set("warning:w-1", "u-max");
  return found;
}

describe("every audit action", () => {
  const sentences = (locale: (typeof LOCALES)[number]) =>
    MESSAGES[locale].admin.audit as unknown as Record<string, Record<string, Record<string, string>>>;

  it("has a sentence and a filter label in every language (a new action in lib/audit-log/events.ts needs both)", () => {
    const actions = classifiedActions();
    expect(actions.length).toBeGreaterThan(70);
    const missing = LOCALES.flatMap((locale) =>
      actions
        .filter((action) => {
          const [area, verb] = action.split(".") as [string, string];
          return (
            typeof sentences(locale).sentence[area]?.[verb] !== "string" || typeof sentences(locale).actions[area]?.[verb] !== "string"
          );
        })
        .map((action) => `${locale}: ${action}`),
    );
    expect(missing, "add admin.audit.sentence.<action> and admin.audit.actions.<action> to lib/i18n/messages/*/admin.json").toEqual([]);
    expect(actions.filter((action) => !isWordedAction(action))).toEqual([]);
  });

  it("belongs to an area of the action filter, and the catalogue words no action that does not exist", () => {
    const grouped = auditActionsByArea().flatMap(({ actions }) => actions);
    expect(grouped.sort()).toEqual(classifiedActions().sort());
    for (const locale of LOCALES) {
      expect(Object.keys(sentences(locale).areas).sort()).toEqual([...AUDIT_AREAS].sort());
      const worded = Object.entries(sentences(locale).sentence).flatMap(([area, verbs]) =>
        Object.keys(verbs).map((verb) => `${area}.${verb}`),
      );
      expect(worded.sort()).toEqual(classifiedActions().sort());
    }
  });
});

describe("an audit entry as a sentence", () => {
  it("names the actor, the target and the project, not their ids", () => {
    const sentence = auditSentence(
      entry({
        action: "member.add",
        targetType: "member",
        targetId: "u-max",
        projectId: "p-sky",
        changes: { role: { before: null, after: "Tester" } },
      }),
      names(),
    );
    expect(sentence).toMatchObject({
      action: "member.add",
      known: true,
      actor: { kind: "user", id: "u-pia", name: "Pia (Partner)", username: "pia.partner" },
      target: { kind: "user", id: "u-max", name: "Max" },
      project: { kind: "project", name: "Skyforge Survival", slug: "skyforge-survival" },
      via: "SESSION",
      override: false,
    });
    // A default role kept by its English name is worded by its key.
    expect(sentence.changes).toEqual([
      { field: ["role"], before: { kind: "empty" }, after: { kind: "subject", subject: { kind: "role", name: "Tester", key: "TESTER" } } },
    ]);
  });

  it("leaves out a field that did not change: the role asked for and given, no reason on either side", () => {
    // The closing walk of issue 30 found "Role: Tester → Tester" and "Reason: empty" in the log.
    const sentence = auditSentence(
      entry({
        action: "application.accept",
        targetType: "application",
        targetId: "a-1",
        projectId: "p-sky",
        changes: {
          status: { before: "PENDING", after: "ACCEPTED" },
          roleId: { before: "r-tester", after: "r-tester" },
          reason: { before: null, after: "" },
        },
      }),
      names(),
    );
    expect(sentence.changes.map((change) => change.field)).toEqual([["status"]]);
  });

  it("words values: labels for enums, names for ids, pictures without their address, objects field by field", () => {
    const sentence = auditSentence(
      entry({
        action: "project.create",
        targetType: "project",
        targetId: "p-sky",
        projectId: "p-sky",
        changes: {
          visibility: { before: null, after: "PUBLIC" },
          modules: { before: null, after: ["DOWNLOADS", "LAUNCHER"] },
          ownerId: { before: null, after: "u-pia" },
          logoUrl: { before: null, after: "/api/v1/projects/p-sky/images/logo?v=abc" },
        },
      }),
      names(),
    );
    expect(sentence.changes).toEqual([
      { field: ["visibility"], before: { kind: "empty" }, after: { kind: "label", group: "visibility", value: "PUBLIC" } },
      {
        field: ["modules"],
        before: { kind: "empty" },
        after: {
          kind: "list",
          items: [
            { kind: "label", group: "module", value: "DOWNLOADS" },
            { kind: "label", group: "module", value: "LAUNCHER" },
          ],
        },
      },
      {
        field: ["ownerId"],
        before: { kind: "empty" },
        after: { kind: "subject", subject: { kind: "user", id: "u-pia", name: "Pia (Partner)", username: "pia.partner" } },
      },
      { field: ["logoUrl"], before: { kind: "empty" }, after: { kind: "picture" } },
    ]);
    expect(JSON.stringify(sentence)).not.toContain("/api/v1/");

    const settings = auditSentence(
      entry({
        action: "project.settings",
        targetType: "project",
        targetId: "p-sky",
        projectId: "p-sky",
        changes: {
          visibility: { before: "PRIVATE", after: "PUBLIC" },
          settings: {
            before: { applicationsOpen: true, offeredRoleIds: ["r-tester"], contactEmail: "" },
            after: { applicationsOpen: false, offeredRoleIds: ["r-tester", "r-custom"], contactEmail: "" },
          },
        },
      }),
      names(),
    );
    expect(settings.changes).toEqual([
      {
        field: ["visibility"],
        before: { kind: "label", group: "visibility", value: "PRIVATE" },
        after: { kind: "label", group: "visibility", value: "PUBLIC" },
      },
      { field: ["settings", "applicationsOpen"], before: { kind: "yesNo", value: true }, after: { kind: "yesNo", value: false } },
      {
        field: ["settings", "offeredRoleIds"],
        before: { kind: "list", items: [{ kind: "subject", subject: { kind: "role", name: "Tester", key: "TESTER" } }] },
        after: {
          kind: "list",
          items: [
            { kind: "subject", subject: { kind: "role", name: "Tester", key: "TESTER" } },
            { kind: "subject", subject: { kind: "role", name: "Mappers", key: null } },
          ],
        },
      },
    ]);
  });

  it("picks the label group a field's values come from by what the entry is about", () => {
    const status = (targetType: string, action: string) =>
      auditSentence(entry({ action, targetType, targetId: "x", changes: { status: { before: "PENDING", after: "ACCEPTED" } } }), names())
        .changes[0]!.after;
    expect(status("application", "application.accept")).toEqual({ kind: "label", group: "applicationStatus", value: "ACCEPTED" });
    expect(status("project", "project.status")).toEqual({ kind: "label", group: "projectStatus", value: "ACCEPTED" });
    const file = auditSentence(
      entry({
        action: "download.upload",
        targetType: "download",
        targetId: "f-1",
        projectId: "p-sky",
        changes: {
          file: {
            before: null,
            after: { name: "game.zip", kind: "SOFTWARE", size: 2048, sha256: "ab12", releaseId: "rel-1", extract: false },
          },
        },
      }),
      names(),
    );
    expect(file.target).toEqual({ kind: "text", text: "game.zip" });
    expect(file.changes).toEqual([
      { field: ["file", "name"], before: { kind: "empty" }, after: { kind: "text", text: "game.zip" } },
      { field: ["file", "kind"], before: { kind: "empty" }, after: { kind: "label", group: "downloadKind", value: "SOFTWARE" } },
      { field: ["file", "size"], before: { kind: "empty" }, after: { kind: "bytes", value: 2048 } },
      { field: ["file", "sha256"], before: { kind: "empty" }, after: { kind: "code", text: "ab12" } },
      { field: ["file", "releaseId"], before: { kind: "empty" }, after: { kind: "subject", subject: { kind: "text", text: "1.2.0" } } },
      { field: ["file", "extract"], before: { kind: "empty" }, after: { kind: "yesNo", value: false } },
    ]);
  });

  it("names the system, deleted accounts and projects, and things deleted for good from what the entry kept", () => {
    const found = names();
    expect(
      auditSentence(entry({ action: "project.seed_status", targetType: "project", targetId: "p-old", actor: null, via: "SYSTEM" }), found),
    ).toMatchObject({
      actor: { kind: "system" },
      target: { kind: "project", name: "Old Project", slug: null },
      via: "SYSTEM",
    });
    expect(
      auditSentence(
        entry({ action: "user.delete", targetType: "user", targetId: "u-gone", actor: { id: "u-gone", displayName: "Deleted user" } }),
        found,
      ),
    ).toMatchObject({
      actor: { kind: "deletedUser" },
      target: { kind: "deletedUser" },
    });
    const release = auditSentence(
      entry({
        action: "release.delete",
        targetType: "release",
        targetId: "rel-gone",
        projectId: "p-sky",
        changes: { release: { before: { version: "0.9.0", state: "DRAFT", files: 2 }, after: null } },
      }),
      found,
    );
    expect(release.target).toEqual({ kind: "text", text: "0.9.0" });
    expect(release.changes).toContainEqual({
      field: ["release", "state"],
      before: { kind: "label", group: "releaseState", value: "DRAFT" },
      after: { kind: "empty" },
    });
    expect(
      auditSentence(
        entry({ action: "role.delete", targetType: "role", targetId: "r-gone", changes: { name: { before: "Mappers", after: null } } }),
        found,
      ).target,
    ).toEqual({
      kind: "role",
      name: "Mappers",
      key: null,
    });
    expect(
      auditSentence(entry({ action: "application.accept", targetType: "application", targetId: "app-1" }), found).target,
    ).toMatchObject({ kind: "user", name: "Max" });
    expect(auditSentence(entry({ action: "warning.create", targetType: "warning", targetId: "w-1" }), found).target).toMatchObject({
      kind: "user",
      name: "Max",
    });
  });

  it("keeps what the reader may not see as such: secrets, hidden personal fields, erased data; an override and an unknown action are said", () => {
    const sentence = auditSentence(
      entry({
        action: "user.update_by_staff",
        targetType: "user",
        targetId: "u-max",
        via: "SESSION:OVERRIDE",
        changes: {
          email: { before: "[hidden]", after: "[hidden]" },
          passwordHash: { before: "[redacted]", after: "[redacted]" },
          displayName: { before: "[erased]", after: "[erased]" },
          platformRoles: { before: ["USER"], after: ["USER", "SUPPORT"] },
          body: { before: null, after: "1200 characters, sha256 0123456789ab" },
        },
      }),
      names(),
    );
    expect(sentence.override).toBe(true);
    expect(sentence.via).toBe("SESSION");
    expect(sentence.changes.map((change) => change.after.kind)).toEqual(["hidden", "secret", "erased", "list", "characters"]);
    expect(auditSentence(entry({ action: "thing.made", targetType: "thing", targetId: "t" }), names())).toMatchObject({
      known: false,
      target: { kind: "unknown" },
    });
  });
});
