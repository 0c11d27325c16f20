import { getTranslations } from "next-intl/server";
import { Denied } from "@/components/admin/denied";
import * as webhookActions from "@/app/webhook-actions";
import { WebhooksSection } from "@/components/webhooks/webhooks-section";
import { requirePortalActor } from "@/lib/auth/portal";
import { hasPlatformPermission } from "@/lib/permissions";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("webhooks.platformTitle");

/** Platform-wide webhooks (webhooks.platform: the Project lead). */
export default async function PlatformWebhooksPage() {
  const actor = await requirePortalActor("/admin/webhooks");
  const t = await getTranslations("webhooks");
  if (!hasPlatformPermission(actor, "webhooks.platform")) return <Denied title={t("platformTitle")} text={t("staffOnly")} />;
  return <WebhooksSection actions={webhookActions} actor={actor} target={{ projectId: null, slug: null }} />;
}
