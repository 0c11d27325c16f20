import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the review decision form (lib/i18n/client-messages.ts).
export default function ReviewLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["review.decision", "review.changes"]}>{children}</ClientMessagesProvider>;
}
