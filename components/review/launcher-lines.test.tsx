import { describe, expect, it } from "vitest";
import { renderHtml } from "@/components/testing/render-html";
import type { Locale } from "@/lib/i18n/locales";
import { describeLauncherSettings } from "@/lib/reviews/launcher-lines";
import { LauncherLines } from "./launcher-lines";

const settings = {
  offerInstall: true,
  offerUpdate: false,
  offerRepair: true,
  offerGameStart: false,
  offerVersions: false,
  launchSettings: {
    executable: "",
    arguments: ["--safe"],
    platforms: { linux: { executable: "bin/game", arguments: [] } },
    minimumLauncherVersion: null,
    minimumMemoryMb: 4096,
  },
};

function render(locale: Locale): string[] {
  const html = renderHtml(<LauncherLines lines={describeLauncherSettings(settings)} />, { locale });
  return [...html.matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((match) => match[1]!);
}

describe("the review page's launcher lines", () => {
  it("are data, not sentences", () => {
    expect(describeLauncherSettings(settings)[0]).toEqual({ line: "offers", offers: ["offerInstall", "offerRepair"] });
  });

  it("read in English", () => {
    expect(render("en")).toEqual([
      "Offers: Installation, Repair",
      "Program: none --safe",
      "Program on Linux: bin/game",
      "Minimum launcher version: any",
      "Minimum memory: 4,096 MB",
    ]);
  });

  it("read in German", () => {
    expect(render("de")).toEqual([
      "Angeboten: Installation, Reparatur",
      "Programm: keines --safe",
      "Programm unter Linux: bin/game",
      "Mindestversion des Launchers: jede",
      "Mindestarbeitsspeicher: 4.096 MB",
    ]);
  });
});
