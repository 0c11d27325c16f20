import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the page's client components and nothing more (lib/i18n/client-messages.ts): the
// rows of one's teams (their words, badges, roles, Leave) and the answers to an invitation. The
// rest of the page's words are rendered on the server; lib/i18n/client-messages.test.ts holds
// this list to a budget.
export default function MyProjectsLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessagesProvider
      namespaces={["projects.mine.list", "projects.invitations.answer", "labels.defaultRole", "labels.projectStatus", "labels.visibility"]}
    >
      {children}
    </ClientMessagesProvider>
  );
}
