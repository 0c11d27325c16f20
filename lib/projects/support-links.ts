import { z } from "zod";
import { httpsUrlSchema } from "../users/schemas";

/**
 * Creator support: the support and donation links of a project (module CREATOR_SUPPORT), kept in
 * the project's settings. Links to a few well-known platforms are recognised and labelled with the
 * platform's name; any other https link is shown as a plain link with its own label or host name.
 */

export const SUPPORT_PLATFORMS = {
  PATREON: { name: "Patreon", hosts: ["patreon.com"] },
  KO_FI: { name: "Ko-fi", hosts: ["ko-fi.com"] },
  GITHUB_SPONSORS: { name: "GitHub Sponsors", hosts: ["github.com"], pathPrefix: "/sponsors/" },
  PAYPAL: { name: "PayPal", hosts: ["paypal.com", "paypal.me"] },
  OPEN_COLLECTIVE: { name: "Open Collective", hosts: ["opencollective.com"] },
  BUY_ME_A_COFFEE: { name: "Buy Me a Coffee", hosts: ["buymeacoffee.com"] },
  LIBERAPAY: { name: "Liberapay", hosts: ["liberapay.com"] },
} as const satisfies Record<string, { name: string; hosts: readonly string[]; pathPrefix?: string }>;
export type SupportPlatform = keyof typeof SUPPORT_PLATFORMS;
export const SUPPORT_PLATFORM_KEYS = Object.keys(SUPPORT_PLATFORMS) as [SupportPlatform, ...SupportPlatform[]];

export const MAX_SUPPORT_LINKS = 5;

/** The platform an address belongs to, by its host (and path for GitHub Sponsors); null for any other site. */
export function supportPlatformOf(address: string): SupportPlatform | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  for (const key of SUPPORT_PLATFORM_KEYS) {
    const platform: { hosts: readonly string[]; pathPrefix?: string } = SUPPORT_PLATFORMS[key];
    const onHost = platform.hosts.some((known) => host === known || host.endsWith(`.${known}`));
    if (onHost && (!platform.pathPrefix || url.pathname.toLowerCase().startsWith(platform.pathPrefix))) return key;
  }
  return null;
}

export const supportLinkSchema = z.strictObject({
  /** Optional for known platforms (their name is shown); other links show the host name when it is empty. */
  label: z.string().trim().max(40, "Use at most 40 characters.").default(""),
  url: httpsUrlSchema
    .max(500, "Use at most 500 characters.")
    .refine(
      (value) => !URL.canParse(value) || (new URL(value).username === "" && new URL(value).password === ""),
      "Leave out user names and passwords.",
    ),
});
export type SupportLink = z.output<typeof supportLinkSchema>;

export const supportLinksSchema = z
  .array(supportLinkSchema)
  .max(MAX_SUPPORT_LINKS, `Add at most ${MAX_SUPPORT_LINKS} links.`)
  .superRefine((links, context) => {
    const seen = new Set<string>();
    links.forEach((link, index) => {
      if (seen.has(link.url)) context.addIssue({ code: "custom", path: [index, "url"], message: "This link is listed twice." });
      seen.add(link.url);
    });
  })
  .default([]);

/** A link as the project page and the API show it. */
export const supportLinkViewSchema = z.object({
  label: z.string(),
  url: z.string(),
  /** The recognised platform, or null for any other site. */
  platform: z.enum(SUPPORT_PLATFORM_KEYS).nullable(),
});
export type SupportLinkView = z.infer<typeof supportLinkViewSchema>;

export function presentSupportLink(link: SupportLink): SupportLinkView {
  const platform = supportPlatformOf(link.url);
  const label = link.label || (platform ? SUPPORT_PLATFORMS[platform].name : new URL(link.url).hostname);
  return { label, url: link.url, platform };
}
