import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the password-reset forms (lib/i18n/client-messages.ts).
export default function ResetPasswordLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["auth.forgot", "auth.reset"]}>{children}</ClientMessagesProvider>;
}
