"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Byline } from "@/components/messages/byline";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import type { ProjectTarget } from "@/components/projects/manage/presentation-form";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { MAX_MESSAGE_BODY, messageInputSchema, type MessageInput, type MessageView } from "@/lib/messages/schemas";
import type { FormResult } from "@/lib/portal/form-result";

export interface MessageActions {
  post: (target: ProjectTarget, input: MessageInput) => Promise<FormResult>;
  remove: (target: ProjectTarget, messageId: string) => Promise<FormResult>;
}

/** Post an announcement to the project's audience; below, the announcements with a delete button each. */
export function MessageManager({ target, messages, actions }: { target: ProjectTarget; messages: MessageView[]; actions: MessageActions }) {
  const t = useTranslations("manage.messages");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: messageInputSchema,
    defaultValues: { title: "", body: "" },
    action: (values) => actions.post(target, values),
    onSuccess: () => form.reset({ title: "", body: "" }),
  });
  const errors = form.formState.errors;
  const [deleted, setDeleted] = useState("");
  return (
    <div className="space-y-8">
      {deleted && <Notice tone="success">{deleted}</Notice>}
      <form onSubmit={submit} noValidate aria-label={t("new")} className="space-y-4">
        <TextField label={t("titleField")} error={errors.title?.message} {...form.register("title")} />
        <TextAreaField label={t("body")} rows={6} maxLength={MAX_MESSAGE_BODY} error={errors.body?.message} {...form.register("body")} />
        <FormFooter pending={pending} label={t("post")} pendingLabel={t("posting")} notice={notice} />
      </form>
      <section aria-labelledby="posted-announcements" className="space-y-3">
        <h3 id="posted-announcements" className="text-sm font-semibold text-slate-900">
          {t("posted_heading")}
        </h3>
        {messages.length === 0 ? (
          <p className="text-sm text-slate-500">{t("none")}</p>
        ) : (
          <ul className="space-y-3">
            {messages.map((message) => (
              <PostedMessage key={message.id} target={target} message={message} remove={actions.remove} onDeleted={setDeleted} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PostedMessage({
  target,
  message,
  remove,
  onDeleted,
}: {
  target: ProjectTarget;
  message: MessageView;
  remove: MessageActions["remove"];
  onDeleted: (text: string) => void;
}) {
  const t = useTranslations("manage.messages");
  const confirm = useConfirm();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState("");
  return (
    <li className="rounded-md p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{message.title}</p>
          <Byline message={message} />
        </div>
        <Button
          type="button"
          variant="secondary"
          pending={pending}
          aria-label={t("deleteOf", { title: message.title })}
          onClick={async () => {
            if (
              !(await confirm({
                title: t("deleteTitle", { title: message.title }),
                body: t("deleteBody"),
                confirmLabel: t("deleteConfirm"),
              }))
            )
              return;
            startTransition(async () => {
              const result = await remove(target, message.id);
              if (result.ok) onDeleted(result.message);
              else setError(result.message);
            });
          }}
        >
          {pending ? t("deleting") : t("delete")}
        </Button>
      </div>
      <MarkdownHtml html={message.html} className="mt-2 text-sm" />
      {error && <Notice tone="error">{error}</Notice>}
    </li>
  );
}
