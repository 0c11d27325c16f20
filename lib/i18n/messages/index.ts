/**
 * The portal's message catalogue: one JSON file per area and language, English being the
 * reference (its keys type every `t("…")` call, see ./types.d.ts). `messages.test.ts` checks that
 * every language has exactly the English keys with the same placeholders.
 *
 * Adding an area: create `en/<area>.json` and `de/<area>.json`, import both below.
 */
import deAdmin from "./de/admin.json";
import deCommon from "./de/common.json";
import deLabels from "./de/labels.json";
import deNav from "./de/nav.json";
import deReleases from "./de/releases.json";
import deReview from "./de/review.json";
import enAdmin from "./en/admin.json";
import enCommon from "./en/common.json";
import enLabels from "./en/labels.json";
import enNav from "./en/nav.json";
import enReleases from "./en/releases.json";
import enReview from "./en/review.json";
import type { Locale } from "../locales";

const en = {
  admin: enAdmin,
  common: enCommon,
  labels: enLabels,
  nav: enNav,
  releases: enReleases,
  review: enReview,
};

export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = {
  en,
  de: {
    admin: deAdmin,
    common: deCommon,
    labels: deLabels,
    nav: deNav,
    releases: deReleases,
    review: deReview,
  },
};
