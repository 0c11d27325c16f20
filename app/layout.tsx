import type { Metadata } from "next";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/auth-actions";
import { SiteHeader } from "@/components/site-header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Game Platform · Projects and accounts", template: "%s · Game Platform" },
  description: "Projects, teams and accounts of the game platform.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
          Skip to content
        </a>
        <SiteHeader signOut={signOutAction} />
        <main id="main" className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
          {children}
        </main>
      </body>
    </html>
  );
}
