import { getTranslations } from "next-intl/server";
import { deleteAccountAction } from "@/app/account/actions";
import { DeleteAccountForm } from "@/components/account/delete-account-form";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePortalActor } from "@/lib/auth/portal";
import { getOwnAccount } from "@/lib/users/service";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("account.page.dataTitle");

export default async function AccountPrivacyPage() {
  const actor = await requirePortalActor("/account/privacy");
  const [{ user, account }, t] = await Promise.all([getOwnAccount(actor), getTranslations("account.page")]);
  return (
    <div className="space-y-8">
      <PageHeader title={t("dataTitle")} description={t("dataDescription")} />
      <Card title={t("exportTitle")} description={t("exportDescription")}>
        {/* A plain download: the API answers with the file as an attachment, signed in by the session cookie. */}
        <a
          href="/api/v1/users/me/export"
          download
          className="inline-flex items-center rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          {t("exportButton")}
        </a>
      </Card>
      <Card title={t("deleteTitle")} description={t("deleteDescription")}>
        <DeleteAccountForm username={account.username} twoFactor={user.totpEnabledAt !== null} action={deleteAccountAction} />
      </Card>
    </div>
  );
}
