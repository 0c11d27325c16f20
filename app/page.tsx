import Link from "next/link";
import { getPortalActor } from "@/lib/auth/portal";

export default async function HomePage() {
  const actor = await getPortalActor();
  return (
    <div className="space-y-10">
      <section className="rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 px-8 py-12 text-white shadow">
        <h1 className="text-3xl font-bold tracking-tight">Projects and accounts of the game platform</h1>
        <p className="mt-3 max-w-2xl text-indigo-100">
          Partners run their projects with their own teams, roles and modules. The platform team reviews every project before it is
          published. Everyone manages their account and security in one place.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {actor ? (
            <Link href="/account" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50">
              Go to your account
            </Link>
          ) : (
            <>
              <Link href="/sign-up" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50">
                Create an account
              </Link>
              <Link href="/sign-in" className="rounded-md px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/60 hover:bg-white/10">
                Sign in
              </Link>
            </>
          )}
        </div>
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        {[
          ["Your account", "Profile, language, e-mail address and personal access tokens.", "/account"],
          ["REST API", "Every endpoint, its fields and errors, generated from the same schemas the server checks.", "/api-docs"],
          ["OpenAPI document", "Machine-readable OpenAPI 3.1 for client generators.", "/api/v1/openapi.json"],
        ].map(([title, text, href]) => {
          const className = "rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600";
          const content = (
            <>
              <h2 className="font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </>
          );
          // The API document is a file, not a page: a plain link, which the router never prefetches.
          return href.startsWith("/api/") ? (
            <a key={href} href={href} className={className}>
              {content}
            </a>
          ) : (
            <Link key={href} href={href} className={className}>
              {content}
            </Link>
          );
        })}
      </section>
    </div>
  );
}
