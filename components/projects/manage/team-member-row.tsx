"use client";

import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";

export interface Member {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  /** `name` already in the reader's words (default roles translated). */
  role: { id: string; name: string };
  manageable: boolean;
  self: boolean;
}

/**
 * One member of the team table: the role picker (saved only on "Save role") and remove or leave.
 * The table holds the state; the row shows it and reports the user's choices.
 */
export function MemberRow({
  member,
  assignableRoles,
  selected,
  disabled,
  busy,
  onSelect,
  onSave,
  onUndo,
  onRemove,
}: {
  member: Member;
  assignableRoles: { id: string; name: string }[];
  /** The role chosen in the picker, saved or not. */
  selected: string;
  disabled: boolean;
  /** Which of the row's actions is running. */
  busy: "role" | "remove" | null;
  onSelect: (roleId: string) => void;
  onSave: () => void;
  onUndo: () => void;
  onRemove: () => void;
}) {
  const t = useTranslations("manage.team");
  const changed = selected !== member.role.id;
  return (
    <tr>
      <td className="py-3 pr-3">
        <span className="flex items-center gap-3">
          <Avatar name={member.displayName} url={member.avatarUrl} size={32} />
          <span className="min-w-0">
            <span className="block font-medium break-words text-slate-900">{member.displayName}</span>
            <span className="block break-all text-slate-500">@{member.username}</span>
          </span>
        </span>
      </td>
      <td className="py-3 pr-3">
        {member.manageable && assignableRoles.length > 0 ? (
          <span className="flex flex-wrap items-center gap-2">
            <select
              aria-label={t("roleOf", { name: member.displayName })}
              value={selected}
              disabled={disabled}
              onChange={(event) => onSelect(event.target.value)}
              className="rounded-md bg-white px-2 py-1 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600"
            >
              {!assignableRoles.some((role) => role.id === member.role.id) && <option value={member.role.id}>{member.role.name}</option>}
              {assignableRoles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </select>
            {changed && (
              <>
                <Button type="button" pending={busy === "role"} onClick={onSave} aria-label={t("saveRoleOf", { name: member.displayName })}>
                  {t("saveRole")}
                </Button>
                <Button type="button" variant="ghost" onClick={onUndo} aria-label={t("undoRoleOf", { name: member.displayName })}>
                  {t("undo")}
                </Button>
              </>
            )}
          </span>
        ) : (
          member.role.name
        )}
      </td>
      <td className="py-3 text-right">
        {(member.manageable || member.self) && (
          <Button
            type="button"
            variant="ghost"
            pending={busy === "remove"}
            onClick={onRemove}
            aria-label={member.self ? undefined : t("removeOf", { name: member.displayName })}
          >
            {member.self ? t("leave") : t("remove")}
          </Button>
        )}
      </td>
    </tr>
  );
}
