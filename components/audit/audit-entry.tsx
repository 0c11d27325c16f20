import { useFormatter, useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { roleName } from "@/components/projects/role-name";
import { formatBytes } from "@/components/releases/format";
import { LocalTime } from "@/components/ui/local-time";
import type { AuditChangeLine, AuditSentence, AuditSubject, AuditValue } from "@/lib/audit/sentence";
import { NOTIFICATION_KINDS } from "@/lib/notifications/kinds";

type RichValues = Record<string, string | number | ((chunks: ReactNode) => ReactNode)>;
const NOTIFICATION_KIND_SET: ReadonlySet<string> = new Set(NOTIFICATION_KINDS);
/** Characters of a changed text shown in a card. */
const LONG_TEXT = 240;

/** Who or what an entry names: a link where the reader can go, the name otherwise. */
function Subject({ subject, first = false, canOpenUsers }: { subject: AuditSubject; first?: boolean; canOpenUsers: boolean }) {
  const t = useTranslations("admin.audit");
  const tl = useTranslations("labels");
  const link = "font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700";
  switch (subject.kind) {
    case "user":
      return canOpenUsers ? (
        <Link href={`/admin/users/${subject.id}`} className={link}>
          {subject.name}
        </Link>
      ) : (
        <strong className="font-medium">{subject.name}</strong>
      );
    case "project":
      return subject.slug ? (
        <Link href={`/projects/${subject.slug}`} className={link}>
          {subject.name}
        </Link>
      ) : (
        <strong className="font-medium">{subject.name}</strong>
      );
    case "role":
      return <strong className="font-medium">{roleName(subject, (key) => tl(`defaultRole.${key}`))}</strong>;
    case "text":
      return <strong className="font-medium [overflow-wrap:anywhere]">{subject.text}</strong>;
    case "system":
      return <>{t("system")}</>;
    case "deletedUser":
      return <em>{first ? t("deletedActor") : t("deletedUser")}</em>;
    default:
      return <em>{t("unknown")}</em>;
  }
}

/** A changed field's value in words: labels for enums, names for ids, the reader's digits and time. */
function Value({ value, canOpenUsers }: { value: AuditValue; canOpenUsers: boolean }): ReactNode {
  const t = useTranslations("admin.audit.values");
  const tl = useTranslations("labels");
  const format = useFormatter();
  const locale = useLocale();
  switch (value.kind) {
    case "empty":
      return <em>{t("empty")}</em>;
    case "text":
      // A long text (a description, a changelog) is cut; the whole of it is on hover.
      return value.text.length > LONG_TEXT ? <span title={value.text}>{value.text.slice(0, LONG_TEXT)}…</span> : value.text;
    case "code":
      return <code className="break-all">{value.text}</code>;
    case "label": {
      const key = `${value.group}.${value.value}`;
      return tl.has(key as never) ? tl(key as never) : value.value;
    }
    case "list":
      return value.items.length === 0
        ? t("none")
        : value.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list's items have no identity beyond their place
            <span key={index}>
              {index > 0 && ", "}
              <Value value={item} canOpenUsers={canOpenUsers} />
            </span>
          ));
    case "yesNo":
      return value.value ? t("yes") : t("no");
    case "number":
      return format.number(value.value);
    case "bytes":
      return formatBytes(value.value, locale);
    case "time":
      return <LocalTime at={value.at} />;
    case "day":
      return format.dateTime(new Date(`${value.day}T00:00:00Z`), "date");
    case "language":
      return languageName(value.code, locale);
    case "permission": {
      const key = `permission.${value.area}.${value.name}`;
      return tl.has(key as never) ? tl(key as never) : `${value.area}.${value.name}`;
    }
    case "subject":
      return <Subject subject={value.subject} canOpenUsers={canOpenUsers} />;
    case "picture":
      return t("picture");
    case "characters":
      return t("characters", { count: value.count });
    default:
      return <em>{t(value.kind)}</em>;
  }
}

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A field's name: "Visibility", "Settings › Applications open", a notification kind by its label. */
function FieldName({ path }: { path: string[] }) {
  const t = useTranslations("admin.audit.fields");
  const tn = useTranslations("account.notifications");
  return path
    .map((part, index) => {
      if (NOTIFICATION_KIND_SET.has(part)) return tn(`kinds.${part}` as never);
      if (NOTIFICATION_KIND_SET.has(path[index - 1] ?? "") && (part === "inApp" || part === "email")) return tn(part);
      return t.has(part as never) ? t(part as never) : part;
    })
    .join(" › ");
}

function Change({ change, canOpenUsers }: { change: AuditChangeLine; canOpenUsers: boolean }) {
  const t = useTranslations("admin.audit");
  const set = (value: AuditValue) => value.kind !== "empty";
  return (
    <div className="[overflow-wrap:anywhere]">
      <dt className="inline font-medium text-slate-700">
        <FieldName path={change.field} />:
      </dt>{" "}
      <dd className="inline text-slate-900">
        {!set(change.before) ? (
          <Value value={change.after} canOpenUsers={canOpenUsers} />
        ) : (
          <>
            <del className="text-slate-600 decoration-slate-400">
              <span className="sr-only">{t("before")} </span>
              <Value value={change.before} canOpenUsers={canOpenUsers} />
            </del>{" "}
            <span aria-hidden>→</span>{" "}
            <ins className="no-underline">
              <span className="sr-only">{t("after")} </span>
              <Value value={change.after} canOpenUsers={canOpenUsers} />
            </ins>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * One audit entry as a card: the sentence (who did what to which thing, by name), then when, how
 * and from where, then the changes field by field. `canOpenUsers`: names of accounts link to their
 * staff page (users.readAny).
 */
export function AuditEntry({
  sentence,
  at,
  ip,
  canOpenUsers,
}: {
  sentence: AuditSentence;
  at: string;
  ip: string | null;
  canOpenUsers: boolean;
}) {
  const t = useTranslations("admin.audit");
  const subject =
    (value: AuditSubject | null, first = false) =>
    () =>
      value ? <Subject subject={value} first={first} canOpenUsers={canOpenUsers} /> : <em>{t("unknown")}</em>;
  const values: RichValues = {
    actor: subject(sentence.actor, true),
    target: subject(sentence.target, sentence.action === "user.register"),
    project: subject(sentence.project),
    scope: sentence.project ? "project" : "none",
    action: sentence.action,
  };
  const rich = t.rich as unknown as (key: string, values: RichValues) => ReactNode;
  return (
    <li className="space-y-1.5 p-3 text-sm sm:p-4">
      <p className="break-words text-slate-900">{rich(sentence.known ? `sentence.${sentence.action}` : "unknownSentence", values)}</p>
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-500">
        <LocalTime at={at} />
        {sentence.via && (
          <>
            <span aria-hidden>·</span>
            <span>{t(`via.${sentence.via}`)}</span>
          </>
        )}
        {ip && (
          <>
            <span aria-hidden>·</span>
            <span className="break-all">{t("ip", { ip })}</span>
          </>
        )}
        {sentence.override && (
          <span className="rounded bg-amber-50 px-1.5 font-medium text-amber-900 ring-1 ring-inset ring-amber-600/20">{t("override")}</span>
        )}
      </p>
      {sentence.changes.length > 0 && (
        <dl aria-label={t("changes")} className="space-y-0.5 rounded-md bg-slate-50 p-2 text-xs ring-1 ring-slate-200">
          {sentence.changes.map((change) => (
            <Change key={change.field.join(".")} change={change} canOpenUsers={canOpenUsers} />
          ))}
        </dl>
      )}
    </li>
  );
}
