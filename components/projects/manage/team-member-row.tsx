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
  /** The project's only Owner: neither removed nor leaving, nor given another role (ownership moves by transfer). */
  soleOwner: boolean;
}

/** What a member's row or card shows and reports; the team list holds the state. */
export interface MemberControls {
  member: Member;
  assignableRoles: { id: string; name: string }[];
  /** The role chosen in the picker, saved or not. */
  selected: string;
  disabled: boolean;
  /** Which of the member's actions is running. */
  busy: "role" | "remove" | null;
  onSelect: (roleId: string) => void;
  onSave: () => void;
  onUndo: () => void;
  onRemove: () => void;
}

function MemberIdentity({ member }: { member: Member }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={member.displayName} url={member.avatarUrl} size={32} />
      <span className="min-w-0">
        <span className="block font-medium break-words text-slate-900">{member.displayName}</span>
        <span className="block break-all text-slate-500">@{member.username}</span>
      </span>
    </span>
  );
}

/** The role picker (saved only on "Save"), or the role's name where the reader may not change it. */
function MemberRole({ member, assignableRoles, selected, disabled, busy, onSelect, onSave, onUndo }: MemberControls) {
  const t = useTranslations("manage.team");
  if (!member.manageable || assignableRoles.length === 0) return <>{member.role.name}</>;
  const changed = selected !== member.role.id;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t("roleOf", { name: member.displayName })}
        value={selected}
        disabled={disabled}
        onChange={(event) => onSelect(event.target.value)}
        className="max-w-full rounded-md bg-white px-2 py-1 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600"
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
  );
}

/** Remove (a member one outranks) or Leave (oneself); nothing otherwise, and nothing for the only Owner. */
function MemberRemove({ member, busy, onRemove }: MemberControls) {
  const t = useTranslations("manage.team");
  if (member.soleOwner || (!member.manageable && !member.self)) return null;
  return (
    <Button
      type="button"
      variant="ghost"
      pending={busy === "remove"}
      onClick={onRemove}
      aria-label={member.self ? undefined : t("removeOf", { name: member.displayName })}
    >
      {member.self ? t("leave") : t("remove")}
    </Button>
  );
}

/** One member in the team table (from 640 px). */
export function MemberRow(controls: MemberControls) {
  return (
    <tr>
      <td className="py-3 pr-3">
        <MemberIdentity member={controls.member} />
      </td>
      <td className="py-3 pr-3">
        <MemberRole {...controls} />
      </td>
      <td className="py-3 text-right">
        <MemberRemove {...controls} />
      </td>
    </tr>
  );
}

/** One member as a card (below 640 px): name, role, then Remove or Leave, each on its own line so nothing is cut off. */
export function MemberCard(controls: MemberControls) {
  const t = useTranslations("manage.team");
  return (
    <li className="space-y-2 py-3 text-sm">
      <MemberIdentity member={controls.member} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="text-xs font-medium text-slate-500 uppercase">{t("role")}</span>
          <MemberRole {...controls} />
        </span>
        <MemberRemove {...controls} />
      </div>
    </li>
  );
}
