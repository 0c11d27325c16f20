import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the create-project form (lib/i18n/client-messages.ts).
export default function NewProjectLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessagesProvider
      namespaces={["projects.create", "projects.moduleHelp", "projects.visibilityHelp", "labels.module", "labels.visibility"]}
    >
      {children}
    </ClientMessagesProvider>
  );
}
