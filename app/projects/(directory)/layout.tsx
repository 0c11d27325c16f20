import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The directory's cards: words on the card, status and visibility badges (lib/i18n/client-messages.ts).
export default function DirectoryLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessagesProvider namespaces={["projects.card", "labels.projectStatus", "labels.visibility"]}>{children}</ClientMessagesProvider>
  );
}
