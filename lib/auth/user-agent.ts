/**
 * Browser and operating system from a user agent, coarsely ("Chrome", "Linux"): proper names, the
 * same in every language. What is not recognised is one of the English placeholders below, which
 * the API returns as they are and the portal words in the reader's language
 * (components/account/security/user-agent-names.ts). No I/O: browser code imports it too.
 */
export const UNKNOWN_BROWSER = "Unknown browser";
export const OTHER_CLIENT = "Other client";
export const UNKNOWN_SYSTEM = "Unknown system";

export function parseUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: UNKNOWN_BROWSER, os: UNKNOWN_SYSTEM };
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : /curl\//i.test(userAgent)
            ? "curl"
            : OTHER_CLIENT;
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : UNKNOWN_SYSTEM;
  return { browser, os };
}
