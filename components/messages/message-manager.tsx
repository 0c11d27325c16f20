"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Byline } from "@/components/messages/byline";
import { MarkdownEditor } from "@/components/pages/markdown-editor";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import type { ProjectTarget } from "@/components/projects/manage/presentation-form";
import { ListOrNone } from "@/components/ui/list-or-none";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { MAX_MESSAGE_BODY, messageInputSchema, type MessageInput, type MessageView } from "@/lib/messages/schemas";
import type { FormResult } from "@/lib/portal/form-result";

export interface MessageActions {
  post: (target: ProjectTarget, input: MessageInput) => Promise<FormResult>;
  /** Changes an announcement at the revision the editor opened (`version`). */
  update: (target: ProjectTarget, message: { messageId: string; version: number }, input: MessageInput) => Promise<FormResult>;
  remove: (target: ProjectTarget, messageId: string) => Promise<FormResult>;
  preview: (target: ProjectTarget, input: { body: string }) => Promise<FormResult<{ html: string }>>;
}

/**
 * Post an announcement to the project's audience; below, the announcements, each with Edit and
 * Delete. Writing and editing use the page editor's Markdown editor with its server-rendered preview.
 */
export function MessageManager({ target, messages, actions }: { target: ProjectTarget; messages: MessageView[]; actions: MessageActions }) {
  const t = useTranslations("manage.messages");
  const [deleted, setDeleted] = useState("");
  return (
    <div className="space-y-8">
      {deleted && <Notice tone="success">{deleted}</Notice>}
      <MessageForm
        label={t("new")}
        initial={{ title: "", body: "" }}
        submitLabel={t("post")}
        pendingLabel={t("posting")}
        preview={(body) => actions.preview(target, { body })}
        action={(values) => actions.post(target, values)}
        resetOnSuccess
      />
      <section aria-labelledby="posted-announcements" className="space-y-3">
        <h3 id="posted-announcements" className="text-sm font-semibold text-slate-900">
          {t("posted_heading")}
        </h3>
        <ListOrNone items={messages} none={t("none")}>
          <ul className="space-y-3">
            {messages.map((message) => (
              <PostedMessage key={message.id} target={target} message={message} actions={actions} onDeleted={setDeleted} />
            ))}
          </ul>
        </ListOrNone>
      </section>
    </div>
  );
}

/** Title and Markdown text with its preview: a new announcement, or an edit of one. */
function MessageForm({
  label,
  initial,
  initialHtml,
  submitLabel,
  pendingLabel,
  preview,
  action,
  resetOnSuccess = false,
  onSaved,
  onCancel,
}: {
  label: string;
  initial: MessageInput;
  initialHtml?: string;
  submitLabel: string;
  pendingLabel: string;
  preview: (body: string) => Promise<FormResult<{ html: string }>>;
  action: (values: MessageInput) => Promise<FormResult>;
  resetOnSuccess?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const t = useTranslations("manage.messages");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: messageInputSchema,
    defaultValues: initial,
    action,
    onSuccess: () => {
      if (resetOnSuccess) form.reset({ title: "", body: "" });
      onSaved?.();
    },
  });
  const body = useWatch({ control: form.control, name: "body" }) ?? "";
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      <TextField label={t("titleField")} error={errors.title?.message} {...form.register("title")} />
      <MarkdownEditor
        label={t("body")}
        rows={8}
        maxLength={MAX_MESSAGE_BODY}
        error={errors.body?.message}
        field={form.register("body")}
        body={body}
        initialHtml={initialHtml}
        preview={preview}
      />
      <FormFooter pending={pending} label={submitLabel} pendingLabel={pendingLabel} notice={notice}>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t("cancel")}
          </Button>
        )}
      </FormFooter>
    </form>
  );
}

function PostedMessage({
  target,
  message,
  actions,
  onDeleted,
}: {
  target: ProjectTarget;
  message: MessageView;
  actions: MessageActions;
  onDeleted: (text: string) => void;
}) {
  const t = useTranslations("manage.messages");
  const [editing, setEditing] = useState(false);
  // Said where the editor was, once it has closed.
  const [saved, setSaved] = useState("");
  // Deleted, the announcement is gone: the manager above the list says so (`onDeleted`).
  const deletion = useAction({ success: "none", failure: "notice" });
  if (editing) {
    return (
      <li className="rounded-md p-4 ring-1 ring-indigo-200">
        <MessageForm
          label={t("editOf", { title: message.title })}
          initial={{ title: message.title, body: message.body }}
          initialHtml={message.html}
          submitLabel={t("save")}
          pendingLabel={t("saving")}
          preview={(body) => actions.preview(target, { body })}
          action={async (values) => {
            const result = await actions.update(target, { messageId: message.id, version: message.version }, values);
            if (result.ok) setSaved(result.message);
            return result;
          }}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="rounded-md p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{message.title}</p>
          <Byline message={message} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            aria-label={t("editOf", { title: message.title })}
            onClick={() => {
              setSaved("");
              setEditing(true);
            }}
          >
            {t("edit")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            pending={deletion.pending}
            aria-label={t("deleteOf", { title: message.title })}
            onClick={() =>
              deletion.run(() => actions.remove(target, message.id), {
                confirm: { title: t("deleteTitle", { title: message.title }), body: t("deleteBody"), confirmLabel: t("deleteConfirm") },
                onSuccess: ({ message }) => onDeleted(message),
              })
            }
          >
            {deletion.pending ? t("deleting") : t("delete")}
          </Button>
        </div>
      </div>
      <MarkdownHtml html={message.html} className="mt-2 text-sm" />
      {saved && <Notice tone="success">{saved}</Notice>}
      {deletion.notice && <Notice tone="error">{deletion.notice.text}</Notice>}
    </li>
  );
}
