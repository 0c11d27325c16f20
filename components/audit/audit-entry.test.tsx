import { describe, expect, it } from "vitest";
import { renderHtml } from "@/components/testing/render-html";
import { classifiedActions } from "@/lib/audit-log/events";
import type { AuditEntryView } from "@/lib/audit/schemas";
import { auditSentence, emptyAuditNames } from "@/lib/audit/sentence";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { auditEntryView } from "@/lib/testing/audit";
import { AuditEntry } from "./audit-entry";

const NAMES = emptyAuditNames();
NAMES.users.set("u-pia", { displayName: "Pia (Partner)", username: "pia.partner", deleted: false });
NAMES.users.set("u-max", { displayName: "Max", username: "max.member", deleted: false });
NAMES.projects.set("p-sky", { name: "Skyforge Survival", slug: "skyforge-survival", deleted: false });

const entry = (fields: Parameters<typeof auditEntryView>[0]) => auditEntryView({ ip: "192.0.2.7", ...fields });

/** The entry's text, tags removed; fails on any message the catalogue lacks. */
function render(locale: Locale, view: AuditEntryView): string {
  const errors: string[] = [];
  const html = renderHtml(<AuditEntry sentence={auditSentence(view, NAMES)} at={view.at} ip={view.ip} canOpenUsers />, {
    locale,
    onError: (error) => errors.push(error.message),
  });
  expect(errors, `${locale} ${view.action}`).toEqual([]);
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([,.:])/g, "$1")
    .trim();
}

/** A plausible target of each target type, so every action's sentence is rendered with names. */
function targetOf(action: string): Pick<AuditEntryView, "targetType" | "targetId"> {
  const area = action.split(".")[0]!;
  if (area === "member" || area === "user") return { targetType: area, targetId: "u-max" };
  if (area === "project" || area === "review" || area === "launcher") return { targetType: "project", targetId: "p-sky" };
  return { targetType: area, targetId: "x-1" };
}

describe("every audit action in the portal", () => {
  it.each(LOCALES)("reads as a sentence with names in %s, never the action's name", (locale) => {
    for (const action of classifiedActions()) {
      const text = render(locale, entry({ action, ...targetOf(action) }));
      expect(text, action).not.toContain(action);
      expect(text, action).toMatch(/Pia \(Partner\)|Max/);
    }
  });
});

describe("an audit entry in the portal", () => {
  it("says who did what to which thing, when, how and from where, and the changes field by field", () => {
    const view = entry({
      action: "project.settings",
      targetType: "project",
      targetId: "p-sky",
      changes: {
        visibility: { before: "PRIVATE", after: "PUBLIC" },
        settings: { before: { applicationsOpen: true }, after: { applicationsOpen: false } },
      },
    });
    expect(render("en", view)).toBe(
      "Pia (Partner) changed the settings of Skyforge Survival " +
        "Nov 27, 2026, 10:00 AM UTC · in the portal · from 192.0.2.7 " +
        "Visibility: before: Private → after: Public Settings › Applications open: before: yes → after: no",
    );
    expect(render("de", view)).toBe(
      "Pia (Partner) hat die Einstellungen von Skyforge Survival geändert " +
        "27. Nov. 2026, 10:00 UTC · im Portal · von 192.0.2.7 " +
        "Sichtbarkeit: vorher: Privat → nachher: Öffentlich Einstellungen › Bewerbungen offen: vorher: ja → nachher: nein",
    );
  });

  it("words a created thing's values without a before, and a webhook's project only where it has one", () => {
    const created = entry({
      action: "member.add",
      targetType: "member",
      targetId: "u-max",
      changes: { role: { before: null, after: "Tester" } },
    });
    expect(render("de", created)).toContain("Pia (Partner) hat Max zu Skyforge Survival hinzugefügt");
    expect(render("de", created)).toContain("Rolle: Tester");
    const platformHook = entry({
      action: "webhook.create",
      targetType: "webhook",
      targetId: "w",
      projectId: null,
      changes: { url: { before: null, after: "https://example.test/hook" } },
    });
    expect(render("en", platformHook)).toMatch(/^Pia \(Partner\) created the webhook https:\/\/example\.test\/hook Nov/);
    expect(render("en", { ...platformHook, projectId: "p-sky" })).toMatch(
      /created the webhook https:\/\/example\.test\/hook of Skyforge Survival/,
    );
  });
});
