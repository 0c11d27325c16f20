import Link from "next/link";
import { getPortalActor } from "@/lib/auth/portal";
import { unreadCount } from "@/lib/notifications/service";
import { navigationFor } from "@/lib/portal/navigation";

/** `signOut` is the server action the sign-out button posts to (the layout passes it). */
export async function SiteHeader({ signOut }: { signOut: () => Promise<void> }) {
  const actor = await getPortalActor();
  const items = navigationFor(actor);
  const unread = actor ? await unreadCount(actor) : 0;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-base font-bold text-slate-900">
          <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-xs text-white">GP</span>
          Game Platform
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-1 text-sm">
          {items.map((item) => (
            <Link key={item.href} href={item.href} className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              {item.label}
              {item.href === "/notifications" && unread > 0 && (
                <span className="ml-1 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white" aria-label={`${unread} unread`}>
                  {unread}
                </span>
              )}
            </Link>
          ))}
          {actor ? (
            <form action={signOut} className="flex items-center gap-2">
              <span className="hidden px-2 text-slate-500 sm:inline" data-testid="signed-in-as">
                {actor.displayName}
              </span>
              <button type="submit" className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100">
                Sign out
              </button>
            </form>
          ) : (
            <>
              <Link href="/sign-in" className="rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100">
                Sign in
              </Link>
              <Link href="/sign-up" className="rounded-md bg-indigo-600 px-3 py-2 font-semibold text-white hover:bg-indigo-500">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
