import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the memberships list (lib/i18n/client-messages.ts).
export default function MyProjectsLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["applications.memberships", "labels.defaultRole"]}>{children}</ClientMessagesProvider>;
}
