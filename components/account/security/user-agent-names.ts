"use client";

import { useTranslations } from "next-intl";
import { OTHER_CLIENT, UNKNOWN_BROWSER, UNKNOWN_SYSTEM } from "@/lib/auth/user-agent";

/**
 * A session's or device's browser and system in the reader's language: recognised ones are proper
 * names ("Chrome", "Linux"); the service's English placeholders for the rest are worded here.
 */
export function useUserAgentNames() {
  const t = useTranslations("account.userAgent");
  const words: Record<string, string> = {
    [UNKNOWN_BROWSER]: t("unknownBrowser"),
    [OTHER_CLIENT]: t("otherClient"),
    [UNKNOWN_SYSTEM]: t("unknownSystem"),
  };
  return (part: string) => words[part] ?? part;
}
