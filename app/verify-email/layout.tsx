import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the form that asks for a new link (lib/i18n/client-messages.ts).
export default function VerifyEmailLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["auth.verify"]}>{children}</ClientMessagesProvider>;
}
