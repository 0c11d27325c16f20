import { useFormatter, useTranslations } from "next-intl";
import { LAUNCH_PLATFORM_NAMES } from "@/lib/launcher/schemas";
import type { LauncherLine } from "@/lib/reviews/launcher-lines";

/** The launcher settings line by line in the reader's language (the review page and its comparison). */
export function LauncherLines({ lines, className }: { lines: LauncherLine[]; className?: string }) {
  const t = useTranslations("review.page.launcherLines");
  const offerName = useTranslations("releases.offers");
  const format = useFormatter();
  const program = (executable: string, args: string[]) => [executable || t("noProgram"), ...args].join(" ");
  const text = (line: LauncherLine): string => {
    switch (line.line) {
      case "offers":
        return t("offers", { offers: line.offers.map((offer) => offerName(offer)).join(", ") || t("noOffers") });
      case "program":
        return t("program", { program: program(line.executable, line.arguments) });
      case "platformProgram":
        return t("platformProgram", { platform: LAUNCH_PLATFORM_NAMES[line.platform], program: program(line.executable, line.arguments) });
      case "minimumLauncherVersion":
        return t("minimumLauncherVersion", { version: line.version ?? t("anyVersion") });
      case "minimumMemory":
        return t("minimumMemory", { megabytes: format.number(line.megabytes) });
    }
  };
  return (
    <ul className={className}>
      {lines.map((line) => {
        const shown = text(line);
        return (
          <li key={shown} className="break-all">
            {shown}
          </li>
        );
      })}
    </ul>
  );
}
