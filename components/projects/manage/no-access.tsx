import { useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";

export type NoAccessTopic =
  | "modules"
  | "team"
  | "review"
  | "releases"
  | "presentation"
  | "files"
  | "launcher"
  | "settings"
  | "roles"
  | "messages"
  | "pages"
  | "applications";

/** A page of a project the user can see but may not manage (the API's 403). */
export function NoAccess({ what }: { what: NoAccessTopic }) {
  const t = useTranslations("manage.noAccess");
  return <Notice tone="info">{t("text", { what: t(`what.${what}`) })}</Notice>;
}
