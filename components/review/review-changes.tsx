import { useTranslations } from "next-intl";
import { type ChangeValue, REVIEWED_FIELDS, type ReviewArea, type ReviewChange, type ReviewedField } from "@/lib/projects/review-snapshot";
import { PROJECT_VISIBILITIES } from "@/lib/permissions";
import { PROJECT_MODULES } from "@/lib/projects/schemas";

type Page = { title: string; body: string };
type Release = {
  version: string;
  channel: string;
  state: string;
  title: string;
  changelog: string;
  files: { name: string; sha256: string; size: number }[];
};
type Link = { label: string; url: string };

/**
 * The review diff in the reader's language (DESIGN §8.2): each change with its area and field,
 * before and after side by side. Used by the review page (since approval, since the last review)
 * and the team's Review tab.
 */
export function ReviewChanges({ changes, testId }: { changes: ReviewChange[]; testId?: string }) {
  const t = useTranslations("review.changes");
  const tl = useTranslations("labels");
  const fieldName = (change: ReviewChange) => {
    if (change.area === "PAGES") return t("page", { slug: change.field });
    if (change.area === "RELEASES") return t("release", { version: change.field });
    return (REVIEWED_FIELDS as readonly string[]).includes(change.field) ? t(`fields.${change.field as ReviewedField}`) : change.field;
  };
  const text = (change: ReviewChange, value: ChangeValue): string => {
    if (value === null) return t("empty");
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (change.field === "visibility" && PROJECT_VISIBILITIES.includes(value as (typeof PROJECT_VISIBILITIES)[number]))
      return tl(`visibility.${value as (typeof PROJECT_VISIBILITIES)[number]}`);
    if (change.area === "MODULES" && Array.isArray(value))
      return (
        value
          .map((module) => (String(module) in PROJECT_MODULES ? tl(`module.${module as keyof typeof PROJECT_MODULES}`) : String(module)))
          .join(", ") || t("none")
      );
    if (change.area === "SUPPORT_LINKS" && Array.isArray(value))
      return (value as Link[]).map((link) => (link.label ? `${link.label}: ${link.url}` : link.url)).join("\n") || t("none");
    if (change.area === "PAGES") {
      const page = value as Page;
      return `${page.title}\n\n${page.body}`;
    }
    if (change.area === "RELEASES") {
      const release = value as Release;
      return [
        t("releaseLine", { title: release.title, channel: release.channel, state: release.state }),
        release.changelog,
        ...release.files.map((file) => t("fileLine", { name: file.name, size: file.size, sha256: file.sha256 })),
      ]
        .filter(Boolean)
        .join("\n");
    }
    if (typeof value === "string") return value;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join(", ") || t("none");
    return JSON.stringify(value, null, 2);
  };
  return (
    <dl className="min-w-0 space-y-4 text-sm [overflow-wrap:anywhere]" data-testid={testId}>
      {changes.map((change) => (
        <div key={`${change.area}-${change.field}`} className="space-y-1" data-testid="review-change">
          <dt className="font-medium">
            <span className="text-slate-500">{t(`areas.${change.area satisfies ReviewArea}`)} · </span>
            {fieldName(change)}
          </dt>
          <dd className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-2">
            <div className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere] rounded-md bg-red-50 p-2 text-red-900 ring-1 ring-red-200">
              <span className="sr-only">{t("before")} </span>
              {change.before === null ? <em>{t("empty")}</em> : <del className="no-underline">{text(change, change.before)}</del>}
            </div>
            <div className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere] rounded-md bg-emerald-50 p-2 text-emerald-900 ring-1 ring-emerald-200">
              <span className="sr-only">{t("now")} </span>
              {change.after === null ? <em>{t("empty")}</em> : <ins className="no-underline">{text(change, change.after)}</ins>}
            </div>
          </dd>
        </div>
      ))}
    </dl>
  );
}
