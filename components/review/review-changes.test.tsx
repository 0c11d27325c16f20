import { describe, expect, it } from "vitest";
import { renderHtml } from "@/components/testing/render-html";
import type { Locale } from "@/lib/i18n/locales";
import type { ReviewChange } from "@/lib/projects/review-snapshot";
import { ReviewChanges } from "./review-changes";

const CHANGES: ReviewChange[] = [
  { area: "PRESENTATION", field: "visibility", before: "PUBLIC", after: "PRIVATE" },
  { area: "MODULES", field: "modules", before: ["LAUNCHER"], after: [] },
  { area: "SETTINGS", field: "applicationsOpen", before: true, after: false },
  { area: "PAGES", field: "rules", before: null, after: { slug: "rules", title: "Rules", body: "Be kind." } },
];

/** Each change as "label | before | after", tags removed. */
function render(locale: Locale): string[] {
  const html = renderHtml(<ReviewChanges changes={CHANGES} />, { locale });
  return [...html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*><div[^>]*>(.*?)<\/div><div[^>]*>(.*?)<\/div><\/dd>/gs)].map((match) =>
    match
      .slice(1)
      .map((part) =>
        part
          .replace(/<[^>]+>/g, "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .join(" | "),
  );
}

describe("the review diff in the portal", () => {
  it("names areas and fields and words the values in English", () => {
    expect(render("en")).toEqual([
      "Presentation · Visibility | Before: Public | Now: Private",
      "Modules · Modules | Before: Launcher | Now: none",
      "Settings · Applications open | Before: yes | Now: no",
      "Pages · Page “rules” | Before: empty | Now: Rules Be kind.",
    ]);
  });

  it("and in German", () => {
    const [visibility, modules, applications, page] = render("de");
    expect(visibility).toMatch(/^Präsentation · Sichtbarkeit \| Vorher: .+ \| Jetzt: .+$/);
    expect(modules).toBe("Module · Module | Vorher: Launcher | Jetzt: keine");
    expect(applications).toBe("Einstellungen · Bewerbungen offen | Vorher: ja | Jetzt: nein");
    expect(page).toBe("Seiten · Seite „rules“ | Vorher: leer | Jetzt: Rules Be kind.");
  });
});
