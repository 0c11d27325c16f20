"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";
import { useWatch } from "react-hook-form";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import type { ProjectTarget } from "@/components/projects/manage/presentation-form";
import { FormFooter } from "@/components/forms/form-footer";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { MAX_PAGE_BODY, pageInputSchema, type PageFormValues } from "@/lib/pages/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { MarkdownHtml } from "./markdown-html";

const PREVIEW_DELAY_MS = 400;

type EditedPage = { pageSlug: string; version: number };

export interface PageEditorActions {
  /** Creates the page when `page` is null, else replaces it at its version; then opens the saved page. */
  save: (target: ProjectTarget, page: EditedPage | null, input: PageFormValues) => Promise<FormResult<{ slug: string }>>;
  preview: (target: ProjectTarget, input: { body: string }) => Promise<FormResult<{ html: string }>>;
  remove: (target: ProjectTarget, page: EditedPage) => Promise<FormResult>;
}

/**
 * The page editor: Markdown on the left, a live preview on the right rendered on the server by the
 * same renderer and sanitizer as the public page (so what you see is what visitors get).
 * `page` is null for a new page, else the page's slug and the version the editor opened.
 */
export function PageEditor({
  target,
  page,
  initial,
  initialHtml,
  actions,
}: {
  target: ProjectTarget;
  page: EditedPage | null;
  initial: PageFormValues;
  initialHtml: string;
  actions: PageEditorActions;
}) {
  const t = useTranslations("pages");
  const format = useFormatter();
  const confirm = useConfirm();
  const { form, submit, pending, notice } = useSchemaForm({
    schema: pageInputSchema,
    raw: true,
    defaultValues: initial,
    action: (values) => actions.save(target, page, values),
  });
  const errors = form.formState.errors;
  const body = useWatch({ control: form.control, name: "body" }) ?? "";
  const [preview, setPreview] = useState({ html: initialHtml, error: "" });
  const [previewing, startPreview] = useTransition();
  const [deleting, startDelete] = useTransition();
  const [deleteError, setDeleteError] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => {
      startPreview(async () => {
        const result = await actions.preview(target, { body });
        setPreview(result.ok ? { html: result.data!.html, error: "" } : { html: "", error: result.fieldErrors?.body ?? result.message });
      });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body, target, actions]);

  return (
    <form onSubmit={submit} noValidate aria-label={page ? t("edit") : t("new")} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
        <TextField label={t("pageTitle")} error={errors.title?.message} {...form.register("title")} />
        <TextField label={t("address")} hint={t("addressHint")} error={errors.slug?.message} {...form.register("slug")} />
        <TextField
          label={t("order")}
          type="number"
          min={0}
          hint={t("orderHint")}
          error={errors.position?.message}
          {...form.register("position", { valueAsNumber: true })}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TextAreaField
          label={t("body")}
          rows={18}
          maxLength={MAX_PAGE_BODY}
          hint={t("bodyHint", { count: format.number(body.length), max: format.number(MAX_PAGE_BODY) })}
          error={errors.body?.message}
          className="font-mono"
          {...form.register("body")}
        />
        <section aria-label={t("preview")} aria-busy={previewing} className="min-w-0 space-y-1.5">
          <p className="text-sm font-medium text-slate-900">
            {t("preview")} {previewing && <span className="text-xs font-normal text-slate-500">{t("updating")}</span>}
          </p>
          <div data-testid="page-preview" className="min-h-40 overflow-x-auto rounded-md bg-slate-50 p-4 break-words ring-1 ring-slate-200">
            {preview.error ? <p className="text-sm text-red-600">{preview.error}</p> : <MarkdownHtml html={preview.html} />}
          </div>
        </section>
      </div>
      {deleteError && <Notice tone="error">{deleteError}</Notice>}
      <FormFooter pending={pending} label={page ? t("save") : t("create")} pendingLabel={t("saving")} notice={notice}>
        {page && (
          <Button
            type="button"
            variant="danger"
            pending={deleting}
            onClick={async () => {
              if (!(await confirm({ title: t("deleteTitle", { title: initial.title }), body: t("deleteBody"), confirmLabel: t("delete") })))
                return;
              startDelete(async () => {
                const result = await actions.remove(target, page);
                if (!result.ok) setDeleteError(result.message);
              });
            }}
          >
            {deleting ? t("deleting") : t("delete")}
          </Button>
        )}
      </FormFooter>
    </form>
  );
}
