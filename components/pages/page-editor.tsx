"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useWatch } from "react-hook-form";
import { useDerivedSlug } from "@/components/forms/use-derived-slug";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import type { ProjectTarget } from "@/components/projects/manage/presentation-form";
import { ReviewedFormFooter } from "@/components/projects/manage/review-lock";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { MAX_PAGE_BODY, MAX_PAGE_SLUG, pageInputSchema, type PageFormValues } from "@/lib/pages/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { slugify } from "@/lib/projects/slug";
import { MarkdownEditor } from "./markdown-editor";

const addressOf = (title: string) => slugify(title, MAX_PAGE_SLUG);

type EditedPage = { pageSlug: string; version: number };

export interface PageEditorActions {
  /** Creates the page when `page` is null, else replaces it at its version; then opens the saved page. */
  save: (target: ProjectTarget, page: EditedPage | null, input: PageFormValues) => Promise<FormResult<{ slug: string }>>;
  preview: (target: ProjectTarget, input: { body: string }) => Promise<FormResult<{ html: string }>>;
  remove: (target: ProjectTarget, page: EditedPage) => Promise<FormResult>;
}

/**
 * The page editor: title, address (made from the title for a new page until the user writes one),
 * order, and the Markdown editor with its live preview. `page` is null for a new page, else the
 * page's slug and the version the editor opened. While the project's reviewed content is locked
 * the page reads as it is (preview included): fields disabled, no Save or Delete, the reason instead.
 */
export function PageEditor({
  target,
  page,
  initial,
  initialHtml,
  actions,
  locked,
}: {
  target: ProjectTarget;
  page: EditedPage | null;
  initial: PageFormValues;
  initialHtml: string;
  actions: PageEditorActions;
  /** The project's reviewed content is locked (lib/permissions `reviewedContentLocked`): the fields are disabled, no Save or Delete is offered. */
  locked: boolean;
}) {
  const t = useTranslations("pages");
  const format = useFormatter();
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: pageInputSchema,
    raw: true,
    defaultValues: initial,
    action: (values) => actions.save(target, page, values),
  });
  const body = useWatch({ control: form.control, name: "body" }) ?? "";
  const slugField = useDerivedSlug(form, { title: "title", slug: "slug" }, addressOf, page === null);
  // Deleted, the page goes on to the list of pages; only a refusal is said here.
  const deletion = useAction({ success: "none", failure: "notice" });

  return (
    <form onSubmit={submit} noValidate aria-label={page ? t("edit") : t("new")} className="space-y-5">
      <fieldset disabled={locked} className="min-w-0 space-y-5">
        <div className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr]">
          <TextField label={t("pageTitle")} error={errors.title?.message} {...form.register("title")} />
          <TextField
            label={t("address")}
            hint={page ? t("addressHint") : t("addressHintNew")}
            error={errors.slug?.message}
            {...slugField}
          />
          <TextField
            label={t("order")}
            type="number"
            min={0}
            hint={t("orderHint")}
            error={errors.position?.message}
            {...form.register("position", { valueAsNumber: true })}
          />
        </div>
        <MarkdownEditor
          label={t("body")}
          rows={18}
          maxLength={MAX_PAGE_BODY}
          hint={t("bodyHint", { count: format.number(body.length), max: format.number(MAX_PAGE_BODY) })}
          error={errors.body?.message}
          field={form.register("body")}
          body={body}
          initialHtml={initialHtml}
          preview={(text) => actions.preview(target, { body: text })}
        />
      </fieldset>
      {deletion.notice && <Notice tone="error">{deletion.notice.text}</Notice>}
      <ReviewedFormFooter
        pending={pending}
        label={page ? t("save") : t("create")}
        pendingLabel={t("saving")}
        notice={notice}
        locked={locked}
      >
        {page && (
          <Button
            type="button"
            variant="danger"
            pending={deletion.pending}
            onClick={() =>
              deletion.run(() => actions.remove(target, page), {
                confirm: { title: t("deleteTitle", { title: initial.title }), body: t("deleteBody"), confirmLabel: t("delete") },
              })
            }
          >
            {deletion.pending ? t("deleting") : t("delete")}
          </Button>
        )}
      </ReviewedFormFooter>
    </form>
  );
}
