import type { Locale } from "./locales";
import type { Messages } from "./messages";
import type { FORMATS } from "./formats";

// Types every `useTranslations` / `getTranslations` call against the English catalogue.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
    Formats: typeof FORMATS;
  }
}
