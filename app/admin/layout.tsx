import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the staff pages' forms and panels (lib/i18n/client-messages.ts).
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessagesProvider
      namespaces={["admin.deleteAccount", "admin.form", "admin.suspension", "admin.twoFactor", "admin.warnings", "labels", "webhooks"]}
    >
      {children}
    </ClientMessagesProvider>
  );
}
