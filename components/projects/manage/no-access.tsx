import { useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import type { ManageTabKey } from "@/lib/portal/project-page";

/** A tab of a project the user can see but may not manage (the API's 403); `what` is the tab (lib/portal/project-page.ts). */
export function NoAccess({ what }: { what: ManageTabKey }) {
  const t = useTranslations("manage.noAccess");
  return <Notice tone="info">{t("text", { what: t(`what.${what}`) })}</Notice>;
}
