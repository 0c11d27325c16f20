/**
 * The portal's message catalogue: one JSON file per area and language, English being the
 * reference (its keys type every `t("…")` call, see ./types.d.ts). `messages.test.ts` checks that
 * every language has exactly the English keys with the same placeholders.
 *
 * Adding an area: create `en/<area>.json` and `de/<area>.json`, import both below.
 */
import deAccount from "./de/account.json";
import deAdmin from "./de/admin.json";
import deApplications from "./de/applications.json";
import deAuth from "./de/auth.json";
import deCommon from "./de/common.json";
import deLabels from "./de/labels.json";
import deMail from "./de/mail.json";
import deNav from "./de/nav.json";
import deProjects from "./de/projects.json";
import deManage from "./de/manage.json";
import dePages from "./de/pages.json";
import deNotifications from "./de/notifications.json";
import deReleases from "./de/releases.json";
import deReview from "./de/review.json";
import deWebhooks from "./de/webhooks.json";
import enAccount from "./en/account.json";
import enAdmin from "./en/admin.json";
import enApplications from "./en/applications.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enLabels from "./en/labels.json";
import enMail from "./en/mail.json";
import enNav from "./en/nav.json";
import enProjects from "./en/projects.json";
import enManage from "./en/manage.json";
import enPages from "./en/pages.json";
import enNotifications from "./en/notifications.json";
import enReleases from "./en/releases.json";
import enReview from "./en/review.json";
import enWebhooks from "./en/webhooks.json";
import type { Locale } from "../locales";

const en = {
  account: enAccount,
  admin: enAdmin,
  applications: enApplications,
  auth: enAuth,
  common: enCommon,
  labels: enLabels,
  mail: enMail,
  nav: enNav,
  projects: enProjects,
  manage: enManage,
  pages: enPages,
  notifications: enNotifications,
  releases: enReleases,
  review: enReview,
  webhooks: enWebhooks,
};

export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = {
  en,
  de: {
    account: deAccount,
    admin: deAdmin,
    applications: deApplications,
    auth: deAuth,
    common: deCommon,
    labels: deLabels,
    mail: deMail,
    nav: deNav,
    projects: deProjects,
    manage: deManage,
    pages: dePages,
    notifications: deNotifications,
    releases: deReleases,
    review: deReview,
    webhooks: deWebhooks,
  },
};
