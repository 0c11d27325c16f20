import { getRequestConfig } from "next-intl/server";
import { FORMATS, TIME_ZONE } from "../i18n/formats";
import { MESSAGES } from "../i18n/messages";
import { portalLocale } from "./locale";

export { portalLocale } from "./locale";

// next-intl's request configuration (next.config.mjs points its plugin here).
export default getRequestConfig(async () => {
  const locale = await portalLocale();
  return { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone: TIME_ZONE };
});
