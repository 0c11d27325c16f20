"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

interface Member {
  userId: string;
  username: string;
  displayName: string;
  role: { id: string; name: string };
  manageable: boolean;
  self: boolean;
}

const addSchema = z.strictObject({ username: z.string().trim().min(1, "Enter a username.").max(32), roleId: z.string().min(1, "Choose a role.") });
const transferSchema = z.strictObject({ username: z.string().trim().min(1, "Enter a username.").max(32) });

export interface TeamActions {
  add: (target: ProjectTarget, input: z.output<typeof addSchema>) => Promise<FormResult>;
  changeRole: (target: ProjectTarget, userId: string, roleId: string) => Promise<FormResult>;
  /** Removing oneself is leaving: it goes on to My projects. */
  remove: (target: ProjectTarget, userId: string) => Promise<FormResult<{ left: boolean }>>;
  transfer: (target: ProjectTarget, username: string) => Promise<FormResult>;
}

export function TeamManager({ target, members, assignableRoles, canManage, canTransfer, actions }: {
  target: ProjectTarget;
  members: Member[];
  assignableRoles: { id: string; name: string }[];
  canManage: boolean;
  canTransfer: boolean;
  actions: TeamActions;
}) {
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const addForm = useForm<z.input<typeof addSchema>>({ resolver: zodResolver(addSchema), defaultValues: { username: "", roleId: assignableRoles.at(-1)?.id ?? "" } });
  const add = useActionForm(addForm, (values) => actions.add(target, values), () => addForm.reset());
  const transferForm = useForm<z.input<typeof transferSchema>>({ resolver: zodResolver(transferSchema), defaultValues: { username: "" } });
  const transfer = useActionForm(transferForm, (values) => actions.transfer(target, values.username), () => transferForm.reset());

  const act = (key: string, work: () => Promise<{ ok: boolean; message: string }>) => {
    setBusy(key);
    startTransition(async () => {
      const result = await work();
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
      setBusy(null);
    });
  };

  return (
    <div className="space-y-6">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Team members</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2">Member</th>
            <th scope="col" className="py-2">Role</th>
            <th scope="col" className="py-2 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((member) => (
            <tr key={member.userId}>
              <td className="py-3">
                <span className="font-medium text-slate-900">{member.displayName}</span> <span className="text-slate-500">@{member.username}</span>
              </td>
              <td className="py-3">
                {member.manageable && assignableRoles.length > 0 ? (
                  <select
                    aria-label={`Role of ${member.username}`}
                    defaultValue={member.role.id}
                    disabled={pending}
                    onChange={(event) => act(`role-${member.userId}`, () => actions.changeRole(target, member.userId, event.target.value))}
                    className="rounded-md px-2 py-1 text-sm ring-1 ring-slate-300"
                  >
                    {!assignableRoles.some((role) => role.id === member.role.id) && <option value={member.role.id}>{member.role.name}</option>}
                    {assignableRoles.map((role) => (
                      <option key={role.id} value={role.id}>
                        {role.name}
                      </option>
                    ))}
                  </select>
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
                    onClick={() => {
                      if (!window.confirm(member.self ? "Leave this project?" : `Remove ${member.displayName} from the team?`)) return;
                      act(`remove-${member.userId}`, () => actions.remove(target, member.userId));
                    }}
                  >
                    {member.self ? "Leave" : "Remove"}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {canManage && assignableRoles.length > 0 && (
        <form onSubmit={add.submit} noValidate aria-label="Add member" className="space-y-4 rounded-md p-4 ring-1 ring-slate-200">
          <h3 className="font-semibold">Add a member</h3>
          {add.notice && <Notice tone={add.notice.tone}>{add.notice.text}</Notice>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Username" error={addForm.formState.errors.username?.message} {...addForm.register("username")} />
            <SelectField label="Role" options={assignableRoles.map((role) => ({ value: role.id, label: role.name }))} error={addForm.formState.errors.roleId?.message} {...addForm.register("roleId")} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" pending={add.pending}>
              Add member
            </Button>
          </div>
        </form>
      )}
      {canTransfer && (
        <form onSubmit={transfer.submit} noValidate aria-label="Transfer ownership" className="space-y-4 rounded-md p-4 ring-1 ring-amber-200">
          <h3 className="font-semibold">Transfer ownership</h3>
          <p className="text-sm text-slate-600">The new Owner must have ACTIVE partner status. The current Owner becomes a Manager.</p>
          {transfer.notice && <Notice tone={transfer.notice.tone}>{transfer.notice.text}</Notice>}
          <TextField label="Username of the new Owner" error={transferForm.formState.errors.username?.message} {...transferForm.register("username")} />
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" pending={transfer.pending}>
              Transfer ownership
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
