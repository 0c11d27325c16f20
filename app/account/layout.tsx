import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";
import { SectionNav } from "@/components/navigation/section-nav";

/** The account's sections, grouped as Keycloak's account console groups them; each is a page of its own. */
const GROUPS = [
  {
    key: "account",
    tabs: [
      { href: "", key: "profile" },
      { href: "/notifications", key: "notifications" },
    ],
  },
  {
    key: "security",
    tabs: [
      { href: "/security", key: "security" },
      { href: "/tokens", key: "tokens" },
    ],
  },
  { key: "privacy", tabs: [{ href: "/privacy", key: "privacy" }] },
] as const;

// The messages of the account pages' forms and lists (lib/i18n/client-messages.ts).
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("account.nav");
  return (
    <ClientMessagesProvider
      namespaces={[
        "account.profile",
        "account.avatar",
        "account.email",
        "account.delete",
        "account.tokens",
        "account.password",
        "account.twoFactor",
        "account.sessions",
        "account.devices",
        "account.userAgent",
        "account.notifications",
        "labels.theme",
        "labels.tokenScope",
      ]}
    >
      <div className="space-y-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8 lg:space-y-0">
        <SectionNav
          base="/account"
          label={t("label")}
          section={t("section")}
          groups={GROUPS.map((group) => ({
            key: group.key,
            label: t(`groups.${group.key}`),
            tabs: group.tabs.map((tab) => ({ href: tab.href, label: t(`tabs.${tab.key}`) })),
          }))}
        />
        <div className="min-w-0">{children}</div>
      </div>
    </ClientMessagesProvider>
  );
}
