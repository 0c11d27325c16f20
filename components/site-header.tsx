import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { getPortalActor } from "@/lib/auth/portal";
import { formatCompiled } from "@/lib/i18n/compiled";
import { unreadCount } from "@/lib/notifications/service";
import { navigationFor, type NavItem } from "@/lib/portal/navigation";
import { HeaderLinks, type LabelledItem } from "./navigation/header-links";
import { Avatar } from "./ui/avatar";
import { Menu } from "./ui/menu";

/**
 * The portal's header: one line at every width. Main links (and the staff menu) sit in the bar
 * from 768 px and fold into a Menu below; notifications and the account menu stay.
 * `signOut` is the server action the sign-out button posts to (the layout passes it).
 * Its two messages with placeholders use compiled messages (lib/i18n/compiled.ts): every page pays for the header.
 */
export async function SiteHeader({ signOut }: { signOut: () => Promise<void> }) {
  const [actor, t, tc, locale] = await Promise.all([getPortalActor(), getTranslations("nav"), getTranslations("common"), getLocale()]);
  const navigation = navigationFor(actor);
  const unread = actor ? await unreadCount(actor) : 0;
  const label = (items: NavItem[]): LabelledItem[] => items.map((item) => ({ ...item, text: t(item.label) }));
  const [main, staff, account] = [label(navigation.main), label(navigation.staff), label(navigation.account)];
  const all = [...main, ...staff, ...account].map((item) => item.href);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4 sm:px-6">
        <Link href="/" className="mr-2 flex shrink-0 items-center gap-2 rounded-md text-base font-bold text-slate-900">
          <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-xs text-white">
            GP
          </span>
          <span className="sr-only sm:not-sr-only">{tc("siteName")}</span>
        </Link>
        <nav aria-label={t("main")} className="hidden min-w-0 items-center gap-1 md:flex">
          <HeaderLinks items={main} all={all} />
          {staff.length > 0 && (
            <Menu button={t("staff")} align="left">
              <HeaderLinks items={staff} all={all} vertical />
            </Menu>
          )}
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <Menu button={t("menu")} className="md:hidden">
            <nav aria-label={t("main")}>
              <HeaderLinks items={[...main, ...staff]} all={all} vertical />
            </nav>
          </Menu>
          {actor ? (
            <>
              <Link
                href="/notifications"
                aria-label={`${t("notifications")}: ${formatCompiled(locale, t.raw("unread"), { count: unread })}`}
                className="relative grid size-9 place-items-center rounded-md text-slate-700 hover:bg-slate-100"
                data-testid="notifications-link"
              >
                <svg aria-hidden viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
                  <path
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0"
                  />
                </svg>
                {unread > 0 && (
                  <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-indigo-600 px-1 text-center text-xs font-semibold leading-5 text-white">
                    {unread}
                  </span>
                )}
              </Link>
              <Menu
                button={<Avatar name={actor.displayName} url={actor.avatarUrl} size={28} />}
                label={formatCompiled(locale, t.raw("userMenu"), { name: actor.displayName })}
              >
                <p className="px-3 pb-2 pt-1 text-xs text-slate-500">
                  {t("signedInAs")}
                  <span className="block truncate text-sm font-medium text-slate-900" data-testid="signed-in-as">
                    {actor.displayName}
                  </span>
                </p>
                <nav aria-label={t("account")}>
                  <HeaderLinks items={account} all={all} vertical />
                </nav>
                <form action={signOut} className="mt-1 border-t border-slate-200 pt-1">
                  <button
                    type="submit"
                    className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
                  >
                    {tc("signOut")}
                  </button>
                </form>
              </Menu>
            </>
          ) : (
            <>
              <Link
                href="/sign-in"
                className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {tc("signIn")}
              </Link>
              <Link
                href="/sign-up"
                className="whitespace-nowrap rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
              >
                {tc("signUp")}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
