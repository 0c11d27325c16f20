import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/projects/project-card";
import { Avatar } from "@/components/ui/avatar";
import { PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { SelectOptions } from "@/components/ui/field";
import { Denied } from "@/components/admin/denied";
import { NextPageLink } from "@/components/admin/next-page-link";
import { requirePortalActor } from "@/lib/auth/portal";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { PARTNER_STATUSES, PLATFORM_ROLES } from "@/lib/permissions";
import { userSearchQuerySchema } from "@/lib/users/schemas";
import { canReadFullRecords, searchUsers } from "@/lib/users/service";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("admin.users.title");

const schema = userSearchQuerySchema.extend(paginationQuerySchema.shape);
const control =
  "w-full rounded-md bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 focus:outline-none";

export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePortalActor("/admin/users");
  const [t, tl, ta] = await Promise.all([getTranslations("admin.users"), getTranslations("labels"), getTranslations("admin")]);
  if (!canReadFullRecords(actor)) return <Denied title={t("title")} text={ta("staffOnly")} />;
  const raw = Object.fromEntries(
    Object.entries(await searchParams).filter(
      (entry): entry is [string, string] =>
        ["q", "role", "partnerStatus", "cursor"].includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
  const parsed = schema.safeParse({ ...raw, limit: "25" });
  const query = parsed.success ? parsed.data : schema.parse({ limit: "25" });
  const page = await searchUsers(actor, query);
  const roles = (list: readonly (typeof PLATFORM_ROLES)[number][]) =>
    list.length ? list.map((role) => tl(`platformRole.${role}`)).join(", ") : t("noRoles");
  return (
    <div>
      <PageHeader title={t("title")} description={t("description")} />
      <search aria-label={t("searchLabel")}>
        <form
          action="/admin/users"
          className="mb-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:flex-wrap sm:items-end"
        >
          <label className="sm:flex-1">
            <span className="mb-1 block text-xs font-medium text-slate-700">{t("query")}</span>
            <input name="q" type="search" defaultValue={query.q ?? ""} className={control} />
          </label>
          <FilterSelect
            label={t("role")}
            name="role"
            value={query.role}
            any={t("any")}
            options={PLATFORM_ROLES.map((role) => ({ value: role, label: tl(`platformRole.${role}`) }))}
          />
          <FilterSelect
            label={t("partnerStatus")}
            name="partnerStatus"
            value={query.partnerStatus}
            any={t("any")}
            options={PARTNER_STATUSES.map((status) => ({ value: status, label: tl(`partnerStatus.${status}`) }))}
          />
          <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            {t("search")}
          </button>
        </form>
      </search>
      {page.data.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <>
          {/* From 640 px a table; below, each user is a card (no sideways scrolling on a phone). */}
          <DataTable
            variant="framed"
            className="hidden sm:block"
            caption={t("caption")}
            columns={[{ label: t("user") }, { label: t("email") }, { label: t("roles") }, { label: t("partner") }]}
          >
            {page.data.map((user) => (
              <tr key={user.id}>
                <td className="px-4 py-2">
                  <div className="flex items-center gap-2">
                    <Avatar name={user.displayName} url={user.avatarUrl} size={28} />
                    <div className="min-w-0">
                      <UserName user={user} suspendedLabel={t("suspended")} />
                    </div>
                  </div>
                </td>
                <td className="break-all px-4 py-2">{user.email}</td>
                <td className="px-4 py-2">{roles(user.platformRoles)}</td>
                <td className="px-4 py-2">{tl(`partnerStatus.${user.partnerStatus}`)}</td>
              </tr>
            ))}
          </DataTable>
          <ul
            aria-label={t("caption")}
            className="divide-y divide-slate-200 rounded-lg bg-white text-sm shadow-sm ring-1 ring-slate-200 sm:hidden"
          >
            {page.data.map((user) => (
              <li key={user.id} className="flex items-start gap-3 p-3">
                <Avatar name={user.displayName} url={user.avatarUrl} size={32} />
                <div className="min-w-0 flex-1">
                  <UserName user={user} suspendedLabel={t("suspended")} />
                  <p className="break-all text-slate-700">{user.email}</p>
                  <p className="text-slate-600">
                    {roles(user.platformRoles)} · {tl(`partnerStatus.${user.partnerStatus}`)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <NextPageLink path="/admin/users" query={raw} cursor={page.nextCursor}>
        {t("next")}
      </NextPageLink>
    </div>
  );
}

/** A user as the list names them, in the table and on a phone's card: the name opens the account, then the username and, for a suspended account, a badge. */
function UserName({
  user,
  suspendedLabel,
}: {
  user: { id: string; displayName: string; username: string; suspended: boolean };
  suspendedLabel: string;
}) {
  return (
    <>
      <Link href={`/admin/users/${user.id}`} className="font-medium text-indigo-700 hover:underline">
        {user.displayName}
      </Link>{" "}
      <span className="text-slate-600">@{user.username}</span>
      {user.suspended && (
        <span className="ml-2 inline-block rounded bg-red-50 px-1.5 text-xs font-medium text-red-800 ring-1 ring-inset ring-red-600/20">
          {suspendedLabel}
        </span>
      )}
    </>
  );
}

/** A filter of the search form: any value (`any`), or one of `options`. */
function FilterSelect({
  label,
  name,
  value,
  any,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  any: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label>
      <span className="mb-1 block text-xs font-medium text-slate-700">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={control}>
        <option value="">{any}</option>
        <SelectOptions options={options} />
      </select>
    </label>
  );
}
