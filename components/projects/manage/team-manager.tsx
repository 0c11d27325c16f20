"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState, useTransition } from "react";
import { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { DataTable } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";
import { UserCombobox, type Candidate } from "./user-combobox";

interface Member {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  /** `name` already in the reader's words (default roles translated). */
  role: { id: string; name: string };
  manageable: boolean;
  self: boolean;
}

export interface TeamActions {
  add: (target: ProjectTarget, input: { username: string; roleId: string }) => Promise<FormResult>;
  /** Accounts that could be added, for the search-as-you-type. */
  search: (target: ProjectTarget, query: string) => Promise<FormResult<{ users: Candidate[] }>>;
  changeRole: (target: ProjectTarget, userId: string, roleId: string) => Promise<FormResult>;
  /** Removing oneself is leaving: it goes on to My projects. */
  remove: (target: ProjectTarget, userId: string) => Promise<FormResult<{ left: boolean }>>;
  transfer: (target: ProjectTarget, username: string) => Promise<FormResult>;
}

export function TeamManager({
  target,
  members,
  assignableRoles,
  canManage,
  canTransfer,
  actions,
}: {
  target: ProjectTarget;
  members: Member[];
  assignableRoles: { id: string; name: string }[];
  canManage: boolean;
  canTransfer: boolean;
  actions: TeamActions;
}) {
  const t = useTranslations("manage.team");
  const confirm = useConfirm();
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  /** Role choices not saved yet, by member. */
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const addSchema = useMemo(
    () =>
      z.strictObject({ username: z.string().trim().min(1, t("usernameRequired")).max(32), roleId: z.string().min(1, t("roleRequired")) }),
    [t],
  );
  const transferSchema = useMemo(() => z.strictObject({ username: z.string().trim().min(1, t("usernameRequired")).max(32) }), [t]);
  const add = useSchemaForm({
    schema: addSchema,
    defaultValues: { username: "", roleId: assignableRoles.at(-1)?.id ?? "" },
    action: (values) => actions.add(target, values),
    onSuccess: () => add.form.reset(),
  });
  const transfer = useSchemaForm({
    schema: transferSchema,
    defaultValues: { username: "" },
    action: (values) => actions.transfer(target, values.username),
    onSuccess: () => transfer.form.reset(),
  });
  const roleNameOf = (roleId: string) => assignableRoles.find((role) => role.id === roleId)?.name ?? "";

  const act = (key: string, work: () => Promise<{ ok: boolean; message: string }>, after?: () => void) => {
    setBusy(key);
    startTransition(async () => {
      const result = await work();
      toast(result.ok ? "success" : "error", result.message);
      if (result.ok) after?.();
      setBusy(null);
    });
  };

  const saveRole = async (member: Member) => {
    const roleId = chosen[member.userId];
    if (!roleId || roleId === member.role.id) return;
    const ok = await confirm({
      title: t("changeRoleTitle", { name: member.displayName }),
      body: t("changeRoleBody", { name: member.displayName, from: member.role.name, to: roleNameOf(roleId) }),
      confirmLabel: t("changeRoleConfirm"),
      tone: "primary",
    });
    if (!ok) return;
    act(
      `role-${member.userId}`,
      () => actions.changeRole(target, member.userId, roleId),
      () => setChosen(({ [member.userId]: _saved, ...rest }) => rest),
    );
  };

  const removeMember = async (member: Member) => {
    const ok = await confirm(
      member.self
        ? { title: t("leaveTitle"), body: t("leaveBody"), confirmLabel: t("leave") }
        : {
            title: t("removeTitle", { name: member.displayName }),
            body: t("removeBody", { name: member.displayName }),
            confirmLabel: t("remove"),
          },
    );
    if (ok) act(`remove-${member.userId}`, () => actions.remove(target, member.userId));
  };

  const submitTransfer = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = transfer.form.getValues("username").trim();
    if (username) {
      const ok = await confirm({
        title: t("transferTitle", { name: username }),
        body: t("transferBody", { name: username }),
        confirmLabel: t("transferConfirm"),
      });
      if (!ok) return;
    }
    await transfer.submit(event);
  };

  return (
    <div className="space-y-6">
      <DataTable
        caption={t("members")}
        tableClassName="min-w-[20rem]"
        columns={[{ label: t("member") }, { label: t("role") }, { label: t("actions"), srOnly: true, className: "text-right" }]}
      >
        {members.map((member) => {
          const selected = chosen[member.userId] ?? member.role.id;
          const changed = selected !== member.role.id;
          return (
            <tr key={member.userId}>
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
                      disabled={pending}
                      onChange={(event) => setChosen((current) => ({ ...current, [member.userId]: event.target.value }))}
                      className="rounded-md bg-white px-2 py-1 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600"
                    >
                      {!assignableRoles.some((role) => role.id === member.role.id) && (
                        <option value={member.role.id}>{member.role.name}</option>
                      )}
                      {assignableRoles.map((role) => (
                        <option key={role.id} value={role.id}>
                          {role.name}
                        </option>
                      ))}
                    </select>
                    {changed && (
                      <>
                        <Button
                          type="button"
                          pending={busy === `role-${member.userId}`}
                          onClick={() => saveRole(member)}
                          aria-label={t("saveRoleOf", { name: member.displayName })}
                        >
                          {t("saveRole")}
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          onClick={() => setChosen(({ [member.userId]: _undone, ...rest }) => rest)}
                          aria-label={t("undoRoleOf", { name: member.displayName })}
                        >
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
                    pending={busy === `remove-${member.userId}`}
                    onClick={() => removeMember(member)}
                    aria-label={member.self ? undefined : t("removeOf", { name: member.displayName })}
                  >
                    {member.self ? t("leave") : t("remove")}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
      {canManage && assignableRoles.length > 0 && (
        <form onSubmit={add.submit} noValidate aria-label={t("addTitle")} className="space-y-4 rounded-md p-4 ring-1 ring-slate-200">
          <h3 className="font-semibold">{t("addHeading")}</h3>
          {add.notice && <Notice tone={add.notice.tone}>{add.notice.text}</Notice>}
          <div className="grid gap-4 sm:grid-cols-2">
            <UserCombobox
              label={t("username")}
              hint={t("usernameHint")}
              error={add.form.formState.errors.username?.message}
              search={(query) => actions.search(target, query)}
              {...add.form.register("username")}
              onPick={(user) => add.form.setValue("username", user.username, { shouldValidate: true })}
            />
            <SelectField
              label={t("role")}
              options={assignableRoles.map((role) => ({ value: role.id, label: role.name }))}
              error={add.form.formState.errors.roleId?.message}
              {...add.form.register("roleId")}
            />
          </div>
          <FormFooter pending={add.pending} label={t("addTitle")} />
        </form>
      )}
      {canTransfer && (
        <form
          onSubmit={submitTransfer}
          noValidate
          aria-label={t("transferHeading")}
          className="space-y-4 rounded-md p-4 ring-1 ring-amber-200"
        >
          <h3 className="font-semibold">{t("transferHeading")}</h3>
          <p className="text-sm text-slate-600">{t("transferText")}</p>
          {transfer.notice && <Notice tone={transfer.notice.tone}>{transfer.notice.text}</Notice>}
          <TextField
            label={t("newOwner")}
            autoComplete="off"
            error={transfer.form.formState.errors.username?.message}
            {...transfer.form.register("username")}
          />
          <FormFooter pending={transfer.pending} label={t("transferHeading")} variant="secondary" />
        </form>
      )}
    </div>
  );
}
