import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the sign-in form (lib/i18n/client-messages.ts).
export default function SignInLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["auth.signIn"]}>{children}</ClientMessagesProvider>;
}
