"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { canPublishDirectly, canSubmitRelease, releaseFilesLocked, RELEASE_CHANNELS } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";
import { createReleaseSchema, updateReleaseSchema, type ReleaseView } from "@/lib/releases/schemas";
import { FileUpload } from "./file-upload";
import { formatBytes } from "./format";

type Target = { projectId: string; slug: string };

/** The changelog as the project page will show it: rendered and sanitized on the server (lib/markdown). */
export type ChangelogPreview = (target: Target, input: { changelog: string }) => Promise<FormResult<{ html: string }>>;

/** A release is changed and deleted at the revision the page showed. */
export interface ReleaseActions {
  update: (target: Target, releaseId: string, revision: number, input: z.input<typeof updateReleaseSchema>) => Promise<FormResult>;
  remove: (target: Target, releaseId: string, revision: number) => Promise<FormResult>;
  /** Release review: a draft of an untrusted project goes to the platform team. */
  submit: (target: Target, releaseId: string, revision: number) => Promise<FormResult>;
  preview: ChangelogPreview;
}

function useChannelOptions() {
  const channel = useTranslations("labels.releaseChannel");
  return RELEASE_CHANNELS.map((value) => ({ value, label: channel(value) }));
}

const STATE_STYLE: Record<ReleaseView["state"], string> = {
  DRAFT: "bg-slate-100 text-slate-700 ring-slate-300",
  IN_REVIEW: "bg-amber-50 text-amber-800 ring-amber-200",
  REJECTED: "bg-red-50 text-red-800 ring-red-200",
  PUBLISHED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  YANKED: "bg-red-50 text-red-800 ring-red-200",
};

export function ReleaseStateBadge({ state }: { state: ReleaseView["state"] }) {
  const t = useTranslations("labels.releaseState");
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATE_STYLE[state]}`}>{t(state)}</span>;
}

/**
 * A changelog field with a Write / Preview switch. The preview is rendered on the server by the
 * project page's own renderer and sanitizer, so it shows exactly what visitors will see.
 */
function ChangelogEditor({
  target,
  value,
  error,
  register,
  render,
}: {
  target: Target;
  value: string;
  error?: string;
  register: UseFormRegisterReturn<"changelog">;
  render: ChangelogPreview;
}) {
  const t = useTranslations("releases");
  const id = useId();
  const [preview, setPreview] = useState(false);
  const [rendered, setRendered] = useState<{ html: string; error: string } | null>(null);
  const [rendering, startRendering] = useTransition();
  const showPreview = () => {
    setPreview(true);
    setRendered(null);
    startRendering(async () => {
      const result = await render(target, { changelog: value });
      setRendered(
        result.ok ? { html: result.data!.html, error: "" } : { html: "", error: result.fieldErrors?.changelog ?? result.message },
      );
    });
  };
  return (
    <div className="space-y-1.5">
      <div className="flex gap-2 text-xs" role="tablist" aria-label={t("changelogView")}>
        <button
          id={`${id}-write-tab`}
          type="button"
          role="tab"
          aria-selected={!preview}
          aria-controls={`${id}-write`}
          onClick={() => setPreview(false)}
          className={!preview ? "font-semibold text-indigo-700" : "text-slate-600"}
        >
          {t("write")}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={preview}
          aria-controls={preview ? `${id}-preview` : undefined}
          onClick={showPreview}
          className={preview ? "font-semibold text-indigo-700" : "text-slate-600"}
        >
          {t("preview")}
        </button>
      </div>
      <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-write-tab`} hidden={preview}>
        <TextAreaField label={t("changelog")} rows={5} hint={t("changelogHint")} error={error} {...register} />
      </div>
      {preview && (
        <div
          id={`${id}-preview`}
          role="tabpanel"
          className="rounded-md p-3 text-sm ring-1 ring-slate-200"
          aria-label={t("changelogPreview")}
          aria-busy={rendering}
        >
          {!rendered ? (
            <p className="text-slate-500">{t("previewRendering")}</p>
          ) : rendered.error ? (
            <p className="text-red-600">{rendered.error}</p>
          ) : rendered.html ? (
            <MarkdownHtml html={rendered.html} />
          ) : (
            <p className="text-slate-500">{t("noChangelog")}</p>
          )}
        </div>
      )}
    </div>
  );
}

export function CreateReleaseForm({
  target,
  action,
  preview,
}: {
  target: Target;
  action: (target: Target, input: z.input<typeof createReleaseSchema>) => Promise<FormResult>;
  preview: ChangelogPreview;
}) {
  const t = useTranslations("releases");
  const channelOptions = useChannelOptions();
  const { form, submit, pending, notice } = useSchemaForm({
    schema: createReleaseSchema,
    raw: true,
    defaultValues: { version: "", title: "", changelog: "", channel: "STABLE" },
    action: (values) => action(target, values),
    onSuccess: () => form.reset(),
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label={t("newRelease")} className="space-y-4">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t("version")} placeholder="1.0.0" error={errors.version?.message} {...form.register("version")} />
        <TextField label={t("title")} error={errors.title?.message} {...form.register("title")} />
        <SelectField label={t("channel")} options={channelOptions} error={errors.channel?.message} {...form.register("channel")} />
      </div>
      <ChangelogEditor
        target={target}
        value={form.watch("changelog") ?? ""}
        error={errors.changelog?.message}
        register={form.register("changelog")}
        render={preview}
      />
      <FormFooter pending={pending} label={t("create")} pendingLabel={t("creating")} />
    </form>
  );
}

function EditRelease({
  target,
  release,
  update,
  preview,
}: {
  target: Target;
  release: ReleaseView;
  update: ReleaseActions["update"];
  preview: ChangelogPreview;
}) {
  const t = useTranslations("releases");
  const channelOptions = useChannelOptions();
  const draft = release.state === "DRAFT";
  const { form, submit, pending, notice } = useSchemaForm({
    schema: updateReleaseSchema,
    raw: true,
    defaultValues: {
      title: release.title,
      changelog: release.changelog,
      ...(draft ? { version: release.version, channel: release.channel } : {}),
    },
    action: (values) => update(target, release.id, release.revision, values),
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label={t("editRelease", { version: release.version })} className="space-y-3">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-3 sm:grid-cols-3">
        {draft && <TextField label={t("version")} error={errors.version?.message} {...form.register("version")} />}
        <TextField label={t("title")} error={errors.title?.message} {...form.register("title")} />
        {draft && (
          <SelectField label={t("channel")} options={channelOptions} error={errors.channel?.message} {...form.register("channel")} />
        )}
      </div>
      <ChangelogEditor
        target={target}
        value={form.watch("changelog") ?? ""}
        error={errors.changelog?.message}
        register={form.register("changelog")}
        render={preview}
      />
      <FormFooter pending={pending} label={t("save")} pendingLabel={t("saving")} variant="secondary" />
    </form>
  );
}

function ReleaseButtons({
  target,
  release,
  trusted,
  actions,
}: {
  target: Target;
  release: ReleaseView;
  trusted: boolean;
  actions: ReleaseActions;
}) {
  const t = useTranslations("releases");
  const channel = useTranslations("labels.releaseChannel");
  const confirm = useConfirm();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const act = async (
    question: { title: string; body: string; confirmLabel: string; tone?: "primary" },
    work: () => Promise<FormResult>,
  ) => {
    if (!(await confirm(question))) return;
    start(async () => {
      const result = await work();
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
    });
  };
  return (
    <div className="space-y-2">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="flex flex-wrap gap-2">
        {canSubmitRelease(release.state) && !canPublishDirectly({ trusted }) && (
          <Button
            type="button"
            pending={pending}
            onClick={() =>
              act(
                {
                  title: t("submitTitle", { version: release.version }),
                  body: t("submitBody"),
                  confirmLabel: t("submit"),
                  tone: "primary",
                },
                () => actions.submit(target, release.id, release.revision),
              )
            }
          >
            {t("submit")}
          </Button>
        )}
        {(release.state === "IN_REVIEW" || release.state === "REJECTED") && (
          <Button
            type="button"
            variant="secondary"
            pending={pending}
            onClick={() =>
              act(
                {
                  title: t("backToDraftTitle", { version: release.version }),
                  body: release.state === "IN_REVIEW" ? t("withdrawBody") : t("backToDraftBody"),
                  confirmLabel: t("backToDraft"),
                },
                () => actions.update(target, release.id, release.revision, { state: "DRAFT" }),
              )
            }
          >
            {t("backToDraft")}
          </Button>
        )}
        {release.state === "DRAFT" && canPublishDirectly({ trusted }) && (
          <Button
            type="button"
            pending={pending}
            onClick={() =>
              act(
                {
                  title: t("publishTitle", { version: release.version }),
                  body: t("publishBody", { channel: channel(release.channel) }),
                  confirmLabel: t("publish"),
                  tone: "primary",
                },
                () => actions.update(target, release.id, release.revision, { state: "PUBLISHED" }),
              )
            }
          >
            {t("publish")}
          </Button>
        )}
        {release.state === "PUBLISHED" && (
          <Button
            type="button"
            variant="danger"
            pending={pending}
            onClick={() =>
              act({ title: t("yankTitle", { version: release.version }), body: t("yankBody"), confirmLabel: t("yank") }, () =>
                actions.update(target, release.id, release.revision, { state: "YANKED" }),
              )
            }
          >
            {t("yank")}
          </Button>
        )}
        {release.state !== "PUBLISHED" && release.state !== "IN_REVIEW" && (
          <Button
            type="button"
            variant="secondary"
            pending={pending}
            onClick={() =>
              act(
                {
                  title: t("deleteTitle", { version: release.version }),
                  body: t("deleteBody", { count: release.files.length }),
                  confirmLabel: t("delete"),
                },
                () => actions.remove(target, release.id, release.revision),
              )
            }
          >
            {t("delete")}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Where the release stands in release review, in words: waiting, or rejected with the reviewer's public reason. */
function ReviewState({ release }: { release: ReleaseView }) {
  const t = useTranslations("releases");
  if (release.state === "IN_REVIEW") return <Notice tone="info">{t("inReviewText")}</Notice>;
  if (release.state === "REJECTED" && release.review?.decision === "REJECT")
    return <Notice tone="error">{t("rejectedWith", { reason: release.review.publicReason ?? "" })}</Notice>;
  return null;
}

export function ReleaseList({
  target,
  trusted,
  releases,
  actions,
}: {
  target: Target;
  trusted: boolean;
  releases: ReleaseView[];
  actions: ReleaseActions;
}) {
  const t = useTranslations("releases");
  const locale = useLocale();
  const channel = useTranslations("labels.releaseChannel");
  const format = useFormatter();
  if (!releases.length) return <p className="text-sm text-slate-500">{t("none")}</p>;
  return (
    <ul className="space-y-6">
      {releases.map((release) => (
        <li
          key={release.id}
          className="space-y-4 rounded-lg p-4 ring-1 ring-slate-200"
          aria-label={t("release", { version: release.version })}
        >
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold break-all">{release.version}</h3>
            <span className="break-words text-slate-600">{release.title}</span>
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200">
              {channel(release.channel)}
            </span>
            <ReleaseStateBadge state={release.state} />
          </div>
          <ReviewState release={release} />
          <ReleaseButtons target={target} release={release} trusted={trusted} actions={actions} />
          {release.state !== "IN_REVIEW" && (
            <EditRelease target={target} release={release} update={actions.update} preview={actions.preview} />
          )}
          <div className="space-y-2">
            <h4 className="text-sm font-medium">{t("files")}</h4>
            {release.files.length ? (
              <ul className="space-y-1 text-sm">
                {release.files.map((file) => (
                  <li key={file.id} className="flex flex-wrap gap-x-3">
                    <span className="font-medium break-all">{file.name}</span>
                    <span className="text-slate-600">{formatBytes(file.size, locale)}</span>
                    <span className="font-mono text-xs text-slate-500 break-all">sha256 {file.sha256}</span>
                    <span className="text-slate-600">
                      {t("downloads", { count: file.downloadCount, formatted: format.number(file.downloadCount) })}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">{t("noFiles")}</p>
            )}
            {release.state === "YANKED" ? null : releaseFilesLocked(release, { trusted }, "add") ? (
              <p className="text-sm text-slate-500">{t("filesFrozen")}</p>
            ) : (
              <FileUpload projectId={target.projectId} releaseId={release.id} label={t("uploadTo", { version: release.version })} />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
