import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/projects/project-card";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { PARTNER_STATUSES, PLATFORM_ROLE_INFO, PLATFORM_ROLES } from "@/lib/permissions";
import { userSearchQuerySchema } from "@/lib/users/schemas";
import { canReadFullRecords, searchUsers } from "@/lib/users/service";

export const metadata: Metadata = { title: "Users" };
const schema = userSearchQuerySchema.extend(paginationQuerySchema.shape);

export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePortalActor("/admin/users");
  if (!canReadFullRecords(actor)) return <Notice tone="info">User administration is for the platform team.</Notice>;
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((entry): entry is [string, string] => ["q", "role", "partnerStatus", "cursor"].includes(entry[0]) && typeof entry[1] === "string" && entry[1] !== ""));
  const parsed = schema.safeParse({ ...raw, limit: "25" });
  const query = parsed.success ? parsed.data : schema.parse({ limit: "25" });
  const page = await searchUsers(actor, query);
  const select = "rounded-md px-2 py-2 text-sm ring-1 ring-slate-300";
  return (
    <div>
      <PageHeader title="Users" description="Search accounts by name or e-mail, role and partner status." />
      <form role="search" aria-label="Users" action="/admin/users" className="mb-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <label className="flex-1">
          <span className="mb-1 block text-xs font-medium text-slate-600">Name or e-mail</span>
          <input name="q" defaultValue={query.q ?? ""} className="w-full rounded-md px-3 py-2 text-sm ring-1 ring-slate-300" />
        </label>
        <label>
          <span className="mb-1 block text-xs font-medium text-slate-600">Role</span>
          <select name="role" defaultValue={query.role ?? ""} className={select}>
            <option value="">Any</option>
            {PLATFORM_ROLES.map((role) => <option key={role} value={role}>{PLATFORM_ROLE_INFO[role].label}</option>)}
          </select>
        </label>
        <label>
          <span className="mb-1 block text-xs font-medium text-slate-600">Partner status</span>
          <select name="partnerStatus" defaultValue={query.partnerStatus ?? ""} className={select}>
            <option value="">Any</option>
            {PARTNER_STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
          </select>
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500">Search</button>
      </form>
      {page.data.length === 0 ? (
        <EmptyState title="No users found" />
      ) : (
        <table className="w-full rounded-lg bg-white text-left text-sm shadow-sm ring-1 ring-slate-200">
          <caption className="sr-only">Users</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2">User</th>
              <th scope="col" className="px-4 py-2">E-mail</th>
              <th scope="col" className="px-4 py-2">Roles</th>
              <th scope="col" className="px-4 py-2">Partner</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.data.map((user) => (
              <tr key={user.id}>
                <td className="px-4 py-2">
                  <Link href={`/admin/users/${user.id}`} className="font-medium text-indigo-700 hover:underline">{user.displayName}</Link> <span className="text-slate-500">@{user.username}</span>
                  {user.suspended && <span className="ml-2 rounded bg-red-50 px-1.5 text-xs text-red-700">suspended</span>}
                </td>
                <td className="px-4 py-2">{user.email}</td>
                <td className="px-4 py-2">{user.platformRoles.map((role) => PLATFORM_ROLE_INFO[role].label).join(", ")}</td>
                <td className="px-4 py-2">{user.partnerStatus}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.nextCursor && (
        <p className="mt-4 text-right">
          <Link href={`/admin/users?${new URLSearchParams({ ...raw, cursor: page.nextCursor })}`} className="text-sm font-semibold text-indigo-600">Next page →</Link>
        </p>
      )}
    </div>
  );
}
