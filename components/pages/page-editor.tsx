"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { deletePageAction, previewPageAction, savePageAction } from "@/app/projects/[slug]/manage/pages/actions";
import { useActionForm } from "@/components/forms/use-action-form";
import type { ProjectTarget } from "@/components/projects/manage/presentation-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { MAX_PAGE_BODY, pageInputSchema, type PageFormValues } from "@/lib/pages/schemas";
import { MarkdownHtml } from "./markdown-html";

const PREVIEW_DELAY_MS = 400;

/**
 * The page editor: Markdown on the left, a live preview on the right rendered on the server by the
 * same renderer and sanitizer as the public page (so what you see is what visitors get).
 * `page` is null for a new page, else the page's slug and the version the editor opened.
 */
export function PageEditor({ target, page, initial, initialHtml }: { target: ProjectTarget; page: { pageSlug: string; version: number } | null; initial: PageFormValues; initialHtml: string }) {
  const form = useForm<PageFormValues>({ resolver: zodResolver(pageInputSchema, undefined, { raw: true }), defaultValues: initial });
  const { submit, pending, notice } = useActionForm(form, (values) => savePageAction(target, page, values));
  const errors = form.formState.errors;
  const body = useWatch({ control: form.control, name: "body" }) ?? "";
  const [preview, setPreview] = useState({ html: initialHtml, error: "" });
  const [previewing, startPreview] = useTransition();
  const [deleting, startDelete] = useTransition();
  const [deleteError, setDeleteError] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => {
      startPreview(async () => {
        const result = await previewPageAction(target, { body });
        setPreview(result.ok ? { html: result.data!.html, error: "" } : { html: "", error: result.fieldErrors?.body ?? result.message });
      });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body, target]);

  return (
    <form onSubmit={submit} noValidate aria-label={page ? "Edit page" : "New page"} className="space-y-5">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
        <TextField label="Title" error={errors.title?.message} {...form.register("title")} />
        <TextField label="Address" hint="Lower-case letters, digits and hyphens: /pages/getting-started" error={errors.slug?.message} {...form.register("slug")} />
        <TextField label="Order" type="number" min={0} hint="Lower numbers come first." error={errors.position?.message} {...form.register("position", { valueAsNumber: true })} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TextAreaField label="Text (Markdown)" rows={18} maxLength={MAX_PAGE_BODY} hint={`${body.length.toLocaleString("en")} of ${MAX_PAGE_BODY.toLocaleString("en")} characters. HTML is cleaned: no scripts, styles, frames or forms.`} error={errors.body?.message} className="font-mono" {...form.register("body")} />
        <section aria-label="Preview" aria-busy={previewing} className="space-y-1.5">
          <p className="text-sm font-medium text-slate-900">Preview {previewing && <span className="text-xs font-normal text-slate-500">updating…</span>}</p>
          <div data-testid="page-preview" className="min-h-40 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
            {preview.error ? <p className="text-sm text-red-600">{preview.error}</p> : <MarkdownHtml html={preview.html} />}
          </div>
        </section>
      </div>
      {deleteError && <Notice tone="error">{deleteError}</Notice>}
      <div className="flex flex-wrap justify-between gap-3">
        {page ? (
          <Button
            type="button"
            variant="danger"
            pending={deleting}
            onClick={() => {
              if (!window.confirm(`Delete the page "${initial.title}"? Visitors will no longer find it.`)) return;
              startDelete(async () => {
                const result = await deletePageAction(target, page);
                if (!result.ok) setDeleteError(result.message);
              });
            }}
          >
            {deleting ? "Deleting…" : "Delete page"}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" pending={pending}>
          {pending ? "Saving…" : page ? "Save page" : "Create page"}
        </Button>
      </div>
    </form>
  );
}
