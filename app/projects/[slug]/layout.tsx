import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The project page's apply, withdraw and follow buttons; the management area below has its own layout (lib/i18n/client-messages.ts).
export default function ProjectLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessagesProvider namespaces={["applications.apply", "applications.withdraw", "projects.follow"]}>
      {children}
    </ClientMessagesProvider>
  );
}
