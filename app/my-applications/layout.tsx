import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the apply and withdraw buttons (lib/i18n/client-messages.ts).
export default function MyApplicationsLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["applications.apply", "applications.withdraw"]}>{children}</ClientMessagesProvider>;
}
