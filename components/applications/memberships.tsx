import Link from "next/link";
import { useTranslations } from "next-intl";
import { roleName } from "@/components/projects/role-name";
import { DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import type { MembershipView } from "@/lib/applications/schemas";

/** A user's memberships (project, role, since when), as staff see them; `more` says the list is the newest page only. */
export function MembershipList({ memberships, more = false }: { memberships: MembershipView[]; more?: boolean }) {
  const t = useTranslations("applications.memberships");
  const tRole = useTranslations("labels.defaultRole");
  return (
    <div className="space-y-3">
      {memberships.length === 0 ? (
        <p className="text-sm text-slate-500">{t("empty")}</p>
      ) : (
        <DataTable caption={t("label")} columns={[{ label: t("project") }, { label: t("role") }, { label: t("since") }]}>
          {memberships.map(({ project, role, since }) => (
            <tr key={project.id}>
              <td className="break-words py-2 pr-3">
                <Link href={`/projects/${project.slug}`} className="font-medium text-slate-900 hover:text-indigo-700">
                  {project.name}
                </Link>
              </td>
              <td className="py-2 pr-3">{roleName(role, (key) => tRole(key))}</td>
              <td className="whitespace-nowrap py-2 pr-3">
                <LocalTime at={since} format="date" />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {more && <p className="text-sm text-slate-500">{t("more", { count: memberships.length })}</p>}
    </div>
  );
}
