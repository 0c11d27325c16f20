import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales";
import { MESSAGES } from "../i18n/messages";
import { NOTIFICATION_KINDS, NOTIFICATION_PARAMS, renderNotification, renderStored, type NotificationKind } from "./kinds";

/** Params where each value names itself, so a rendered text shows which ones it used. */
function sample(kind: NotificationKind): Record<string, string> {
  return Object.fromEntries(NOTIFICATION_PARAMS[kind].map((name) => [name, name === "roleKey" ? "" : `<${name}>`]));
}

describe("notification kinds", () => {
  it("render every kind in every language from the catalogue (a missing message fails here)", () => {
    for (const locale of LOCALES) {
      for (const kind of NOTIFICATION_KINDS) {
        const text = renderStored(kind, sample(kind), locale);
        expect(text, `${locale}: ${kind}`).not.toBeNull();
        // Titles name the project, except for kinds about the reader's own account (no project).
        if ((NOTIFICATION_PARAMS[kind] as readonly string[]).includes("project"))
          expect(text!.title, `${locale}: ${kind}`).toContain("<project>");
      }
    }
  });

  it("has catalogue messages only for kinds that exist", () => {
    const kinds = MESSAGES.en.notifications.kinds as Record<string, Record<string, unknown>>;
    const listed = Object.entries(kinds).flatMap(([area, names]) => Object.keys(names).map((name) => `${area}.${name}`));
    expect(listed.sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it("speak German to a German reader and keep what people wrote as written", () => {
    const params = { project: "Skyforge", reason: "Bitte mehr Bilder {x}" };
    expect(renderNotification("review.rejected", params, "en")).toEqual({
      title: "Skyforge was not approved",
      body: "Bitte mehr Bilder {x}",
    });
    expect(renderNotification("review.rejected", params, "de")).toEqual({
      title: "Skyforge wurde nicht freigegeben",
      body: "Bitte mehr Bilder {x}",
    });
    expect(renderNotification("review.rejected", { project: "Skyforge", reason: "" }, "de").body).toBe("");
  });

  it("name a default role in the reader's language and a custom role as its team wrote it", () => {
    const base = { project: "Skyforge", applicant: "Ulla" };
    expect(renderNotification("application.new", { ...base, role: "Tester", roleKey: "TESTER" }, "de").body).toBe(
      "Ulla hat sich als Tester beworben.",
    );
    expect(renderNotification("application.new", { ...base, role: "Moderator", roleKey: "MODERATOR" }, "en").body).toBe(
      "Ulla applied as Moderator.",
    );
    expect(renderNotification("application.new", { ...base, role: "Builder", roleKey: "" }, "de").body).toBe(
      "Ulla hat sich als Builder beworben.",
    );
    expect(renderNotification("application.new", { ...base, role: "", roleKey: "" }, "de").body).toBe("Ulla hat sich beworben.");
  });

  it("leave rows they cannot render to their stored text (no params, unknown kind, other shape, other language)", () => {
    expect(renderStored("review.approved", null, "de")).toBeNull();
    expect(renderStored("review.gone", { project: "x" }, "de")).toBeNull();
    expect(renderStored("review.approved", { project: 3, reason: "" }, "de")).toBeNull();
    expect(renderStored("review.approved", { project: "x", reason: "" }, "fr")).toBeNull();
  });
});
