import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the list of one's teams: rows, badges, Leave (lib/i18n/client-messages.ts).
export default function MyProjectsLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessagesProvider
      namespaces={["projects.mine", "projects.invitations", "labels.defaultRole", "labels.projectStatus", "labels.visibility"]}
    >
      {children}
    </ClientMessagesProvider>
  );
}
