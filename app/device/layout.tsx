import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";

// The messages of the device sign-in page's forms (lib/i18n/client-messages.ts).
export default function DeviceLayout({ children }: { children: ReactNode }) {
  return <ClientMessagesProvider namespaces={["auth.device", "labels.tokenScope"]}>{children}</ClientMessagesProvider>;
}
