import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the sign-up form (lib/i18n/client-messages.ts).
export default function SignUpLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["auth.signUp"]}>{children}</ClientMessagesProvider>;
}
