import { describe, expect, it, vi } from "vitest";
import { renderHtml } from "@/components/testing/render-html";
import type { Locale } from "@/lib/i18n/locales";
import type { ReleaseView } from "@/lib/releases/schemas";
import { ReleaseEditor, ReleaseTable } from "./release-manager";

// The upload form refreshes the page through the App Router, which a static render does not mount.
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const AT = "2026-11-26T12:00:00.000Z";
const file = {
  id: "f1",
  name: "game.zip",
  kind: "SOFTWARE" as const,
  size: 10,
  sha256: "a".repeat(64),
  releaseId: "r",
  downloadCount: 0,
  createdAt: AT,
  url: "/x",
  path: null,
  platforms: null,
  extract: false,
  entryCount: null,
};

function release(state: ReleaseView["state"], review: ReleaseView["review"] = null): ReleaseView {
  return {
    id: `r-${state}`,
    projectId: "p",
    version: "1.0.0",
    title: "One",
    changelog: "",
    channel: "STABLE",
    state,
    publishedAt: null,
    submittedAt: null,
    createdAt: AT,
    updatedAt: AT,
    revision: 1,
    files: [file],
    review,
  };
}

const done = async () => ({ ok: true as const, message: "" });
const actions = { update: done, remove: done, submit: done, preview: async () => ({ ok: true as const, message: "", data: { html: "" } }) };

function render(one: ReleaseView, trusted: boolean, locale: Locale = "en", locked = false) {
  return renderHtml(
    <ReleaseEditor
      target={{ projectId: "p", slug: "s" }}
      trusted={trusted}
      release={one}
      actions={actions}
      listHref="/releases"
      locked={locked}
    />,
    { locale, feedback: true },
  );
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe("the Releases tab and release review (issue 25)", () => {
  it("offers Submit for review on an untrusted project and Publish on a trusted one, never both", () => {
    const untrusted = buttons(render(release("DRAFT"), false));
    expect(untrusted).toContain("Submit for review");
    expect(untrusted).not.toContain("Publish");
    const trusted = buttons(render(release("DRAFT"), true));
    expect(trusted).toContain("Publish");
    expect(trusted).not.toContain("Submit for review");
  });

  it("shows a release in review as frozen, with Back to draft and neither edit, delete nor upload", () => {
    const html = render(release("IN_REVIEW"), false);
    expect(html).toContain("In review: the platform team checks this release.");
    expect(buttons(html)).toContain("Back to draft");
    expect(buttons(html)).not.toContain("Delete");
    expect(html).not.toContain("Upload to 1.0.0");
    expect(html).not.toContain("Edit release");
    expect(html).toContain("The files of this release are frozen");
  });

  it("shows a rejection with its public reason, in English and German, and lets the team take it back to draft", () => {
    const rejected = release("REJECTED", { decision: "REJECT", publicReason: "Crashes on start.", at: AT });
    expect(render(rejected, false)).toContain("Rejected: Crashes on start.");
    expect(render(rejected, false, "de")).toContain("Abgelehnt: Crashes on start.");
    expect(buttons(render(rejected, false))).toContain("Back to draft");
  });

  it("takes files for a published release only on a trusted project", () => {
    expect(render(release("PUBLISHED"), false)).not.toContain("Upload to 1.0.0");
    expect(render(release("PUBLISHED"), true)).toContain("Upload to 1.0.0");
  });

  it("while the project is in review offers none of a release's moves, no Save and no upload: the reason instead (issue 30)", () => {
    for (const state of ["DRAFT", "PUBLISHED", "REJECTED", "IN_REVIEW"] as const) {
      const html = render(release(state), state === "PUBLISHED", "en", true);
      expect(buttons(html), state).toEqual(expect.not.arrayContaining(["Submit for review", "Publish", "Yank", "Delete", "Back to draft"]));
      expect(html, state).not.toContain("Save changes");
      expect(html, state).not.toContain("Upload to 1.0.0");
      expect(html, state).toContain("Locked during review: nothing here can be changed");
    }
    const draft = render(release("DRAFT"), false, "en", true);
    expect(draft).toMatch(/<fieldset disabled=""/);
    expect(draft).toContain("Edit release 1.0.0");
    expect(render(release("DRAFT"), false, "de", true)).toContain("Während der Prüfung gesperrt");
  });

  it("says for each file where the launcher installs it and for which platforms, in English and German (final walk, finding 3)", () => {
    const one = {
      ...release("DRAFT"),
      files: [
        file,
        { ...file, id: "f2", name: "tool.bin", path: "bin/tool.bin", platforms: ["linux-x64" as const, "windows-x64" as const] },
      ],
    };
    const text = (html: string) => html.replace(/<[^>]+>/g, "");
    expect(text(render(one, false))).toContain("Installed as game.zipAll platforms");
    expect(text(render(one, false))).toContain("Installed as bin/tool.binLinux x64, Windows x64");
    expect(text(render(one, false, "de"))).toContain("Installiert als game.zipAlle Plattformen");
  });

  it("lists releases as one compact row each, the version opening its editor (issue 30)", () => {
    const html = renderHtml(
      <ReleaseTable
        releases={[release("PUBLISHED"), { ...release("DRAFT"), id: "r2", version: "1.1.0", files: [] }]}
        listHref="/m/releases"
      />,
    );
    expect([...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((match) => match[1])).toEqual([
      "Version",
      "Channel",
      "State",
      "Files",
      "Downloads",
    ]);
    expect(html).toContain('href="/m/releases/r-PUBLISHED"');
    expect(html).toContain('href="/m/releases/r2"');
    expect(html).not.toContain("<form");
  });
});
