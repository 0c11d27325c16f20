import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the account pages' forms and lists (lib/i18n/client-messages.ts).
export default function AccountLayout({ children }: { children: ReactNode }) {
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
      {children}
    </ClientMessagesProvider>
  );
}
