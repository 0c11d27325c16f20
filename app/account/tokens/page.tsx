import { getTranslations } from "next-intl/server";
import { createTokenAction, revokeTokenAction } from "@/app/account/actions";
import { TokenManager } from "@/components/account/token-manager";
import { CardPage } from "@/components/ui/card";
import { isRecentlyAuthenticated, reauthWindowMinutes } from "@/lib/account/reauthentication";
import { requirePortalActor } from "@/lib/auth/portal";
import { listTokens } from "@/lib/auth/tokens";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("account.page.tokensTitle");

export default async function AccountTokensPage() {
  const actor = await requirePortalActor("/account/tokens");
  const [tokens, recent, t] = await Promise.all([
    listTokens(actor.userId),
    isRecentlyAuthenticated(actor),
    getTranslations("account.page"),
  ]);
  return (
    <CardPage title={t("tokensTitle")} description={t("tokensDescription")}>
      <TokenManager
        tokens={tokens}
        recent={recent}
        windowMinutes={reauthWindowMinutes()}
        actions={{ create: createTokenAction, revoke: revokeTokenAction }}
      />
    </CardPage>
  );
}
