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

/** The lines of `settings`, each in both languages. */
const LINES: Record<Locale, string>[] = [
  { en: "Offers: Installation, Repair", de: "Angeboten: Installation, Reparatur" },
  { en: "Program: none --safe", de: "Programm: keines --safe" },
  { en: "Program on Linux: bin/game", de: "Programm unter Linux: bin/game" },
  { en: "Minimum launcher version: any", de: "Mindestversion des Launchers: jede" },
  { en: "Minimum memory: 4,096 MB", de: "Mindestarbeitsspeicher: 4.096 MB" },
];

function render(locale: Locale): string[] {
  const html = renderHtml(<LauncherLines lines={describeLauncherSettings(settings)} />, { locale });
  return [...html.matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((match) => match[1]!);
}

describe("the review page's launcher lines", () => {
  it("are data, not sentences", () => {
    expect(describeLauncherSettings(settings)[0]).toEqual({ line: "offers", offers: ["offerInstall", "offerRepair"] });
  });

  it("read in English", () => {
    expect(render("en")).toEqual(LINES.map((line) => line.en));
  });

  it("read in German", () => {
    expect(render("de")).toEqual(LINES.map((line) => line.de));
  });
});
