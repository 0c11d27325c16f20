"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { deleteMessageAction, postMessageAction } from "@/app/projects/[slug]/manage/messages/actions";
import { useActionForm } from "@/components/forms/use-action-form";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import type { ProjectTarget } from "@/components/projects/manage/presentation-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { MAX_MESSAGE_BODY, messageInputSchema, type MessageInput, type MessageView } from "@/lib/messages/schemas";

/** Post an announcement to the project's audience; below, the announcements with a delete button each. */
export function MessageManager({ target, messages }: { target: ProjectTarget; messages: MessageView[] }) {
  const form = useForm<MessageInput>({ resolver: zodResolver(messageInputSchema), defaultValues: { title: "", body: "" } });
  const { submit, pending, notice } = useActionForm(form, (values) => postMessageAction(target, values), () => form.reset({ title: "", body: "" }));
  const errors = form.formState.errors;
  const [deleted, setDeleted] = useState("");
  return (
    <div className="space-y-8">
      {deleted && <Notice tone="success">{deleted}</Notice>}
      <form onSubmit={submit} noValidate aria-label="New announcement" className="space-y-4">
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <TextField label="Title" error={errors.title?.message} {...form.register("title")} />
        <TextAreaField label="Announcement (Markdown)" rows={6} maxLength={MAX_MESSAGE_BODY} error={errors.body?.message} {...form.register("body")} />
        <div className="flex justify-end">
          <Button type="submit" pending={pending}>
            {pending ? "Posting…" : "Post announcement"}
          </Button>
        </div>
      </form>
      <section aria-labelledby="posted-announcements" className="space-y-3">
        <h3 id="posted-announcements" className="text-sm font-semibold text-slate-900">
          Posted announcements
        </h3>
        {messages.length === 0 ? <p className="text-sm text-slate-500">Nothing posted yet.</p> : <ul className="space-y-3">{messages.map((message) => <PostedMessage key={message.id} target={target} message={message} onDeleted={setDeleted} />)}</ul>}
      </section>
    </div>
  );
}

function PostedMessage({ target, message, onDeleted }: { target: ProjectTarget; message: MessageView; onDeleted: (text: string) => void }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState("");
  return (
    <li className="rounded-md p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-medium text-slate-900">{message.title}</p>
          <p className="text-xs text-slate-500">
            {message.author ? `${message.author.displayName} · ` : ""}
            <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC</time>
          </p>
        </div>
        <Button
          type="button"
          variant="secondary"
          pending={pending}
          aria-label={`Delete the announcement "${message.title}"`}
          onClick={() => {
            if (!window.confirm(`Delete the announcement "${message.title}"? It disappears from the project page.`)) return;
            startTransition(async () => {
              const result = await deleteMessageAction(target, message.id);
              if (result.ok) onDeleted(result.message);
              else setError(result.message);
            });
          }}
        >
          {pending ? "Deleting…" : "Delete"}
        </Button>
      </div>
      <MarkdownHtml html={message.html} className="mt-2 text-sm" />
      {error && <Notice tone="error">{error}</Notice>}
    </li>
  );
}
