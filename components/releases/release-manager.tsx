"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { MarkdownEditor } from "@/components/pages/markdown-editor";
import { ReviewLockNote } from "@/components/projects/manage/review-lock";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice, RowNotice } from "@/components/ui/notice";
import { PhoneFold } from "@/components/ui/phone-fold";
import { useToast } from "@/components/ui/toast";
import { type RunOptions, useAction } from "@/components/ui/use-action";
import { canPublishDirectly, canSubmitRelease, releaseFilesLocked, RELEASE_CHANNELS } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";
import { createReleaseSchema, MAX_CHANGELOG, updateReleaseSchema, type ReleaseView } from "@/lib/releases/schemas";
import { FileInstall } from "./file-install";
import { FileSha256 } from "./file-sha256";
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

type ReleaseField = "version" | "title" | "channel" | "changelog";

/**
 * A release's fields, the same in the New release form and in a release's editor. Version and
 * channel only where they can be set (creating, or editing a draft). The two forms' schemas differ
 * (every field required to create, each optional to edit), so `form` is typed by what the fields
 * use of it, which both forms have.
 *
 * The changelog is the Markdown editor of pages and announcements (toolbar, shortcuts, live
 * preview). The preview is rendered on the server by the project page's own renderer and
 * sanitizer, so it shows exactly what visitors will see.
 */
function ReleaseFields({
  target,
  form,
  preview,
  versionAndChannel,
  gap,
}: {
  target: Target;
  form: {
    register: <Name extends ReleaseField>(name: Name) => UseFormRegisterReturn<Name>;
    watch: (name: "changelog") => string | undefined;
    formState: { errors: Partial<Record<ReleaseField, { message?: string }>> };
  };
  preview: ChangelogPreview;
  versionAndChannel: boolean;
  /** The grid's gap: the editor, among a release's moves, sits a little tighter than the New release form. */
  gap: "gap-3" | "gap-4";
}) {
  const t = useTranslations("releases");
  const channel = useTranslations("labels.releaseChannel");
  const channelOptions = RELEASE_CHANNELS.map((value) => ({ value, label: channel(value) }));
  const { register } = form;
  const errors = form.formState.errors;
  return (
    <>
      <div className={`grid ${gap} sm:grid-cols-3`}>
        {versionAndChannel && (
          <TextField label={t("version")} placeholder="1.0.0" error={errors.version?.message} {...register("version")} />
        )}
        <TextField label={t("title")} error={errors.title?.message} {...register("title")} />
        {versionAndChannel && (
          <SelectField label={t("channel")} options={channelOptions} error={errors.channel?.message} {...register("channel")} />
        )}
      </div>
      <MarkdownEditor
        label={t("changelog")}
        hint={t("changelogHint")}
        error={errors.changelog?.message}
        rows={6}
        maxLength={MAX_CHANGELOG}
        field={register("changelog")}
        body={form.watch("changelog") ?? ""}
        preview={(text) => preview(target, { changelog: text })}
      />
    </>
  );
}

interface NewReleaseProps {
  target: Target;
  action: (target: Target, input: z.input<typeof createReleaseSchema>) => Promise<FormResult<{ id: string }>>;
  preview: ChangelogPreview;
  /** The address of the releases list; a release's editor is below it. */
  listHref: string;
  /** A trusted project publishes its releases itself; the others submit each for release review. */
  trusted: boolean;
}

/**
 * The "New release" button and, once pressed, the form behind it. A created release opens in its
 * editor (below `listHref`), where its files are attached; the confirmation travels as a toast.
 */
export function NewRelease({ target, action, preview, listHref, trusted }: NewReleaseProps) {
  const t = useTranslations("releases");
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button
          type="button"
          variant={open ? "secondary" : "primary"}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {t("newRelease")}
        </Button>
      </div>
      {open && (
        <div id={id} className="rounded-lg p-4 ring-1 ring-slate-200">
          <p className="mb-4 text-sm text-slate-600">{trusted ? t("newReleaseText") : t("newReleaseTextReviewed")}</p>
          <CreateReleaseForm target={target} action={action} preview={preview} listHref={listHref} />
        </div>
      )}
    </div>
  );
}

function CreateReleaseForm({ target, action, preview, listHref }: Omit<NewReleaseProps, "trusted">) {
  const t = useTranslations("releases");
  const router = useRouter();
  const toast = useToast();
  const { form, submit, pending, notice } = useSchemaForm({
    schema: createReleaseSchema,
    raw: true,
    defaultValues: { version: "", title: "", changelog: "", channel: "STABLE" },
    action: async (values) => {
      const result = await action(target, values);
      if (result.ok && result.data) {
        toast("success", result.message);
        router.push(`${listHref}/${result.data.id}`);
      }
      return result;
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t("newRelease")} className="space-y-4">
      <ReleaseFields target={target} form={form} preview={preview} versionAndChannel gap="gap-4" />
      <FormFooter pending={pending} label={t("create")} pendingLabel={t("creating")} notice={notice?.tone === "error" ? notice : null} />
    </form>
  );
}

/**
 * A release's version, title, channel and changelog. Locked (the project in review), it reads as it
 * is without Save: the editor says why once, where the release's moves are (ReleaseEditor).
 */
function EditRelease({
  target,
  release,
  update,
  preview,
  locked,
}: {
  target: Target;
  release: ReleaseView;
  update: ReleaseActions["update"];
  preview: ChangelogPreview;
  locked: boolean;
}) {
  const t = useTranslations("releases");
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
  return (
    <form onSubmit={submit} noValidate aria-label={t("editRelease", { version: release.version })} className="space-y-3">
      <fieldset disabled={locked} className="min-w-0 space-y-3">
        <ReleaseFields target={target} form={form} preview={preview} versionAndChannel={draft} gap="gap-3" />
      </fieldset>
      {!locked && <FormFooter pending={pending} label={t("save")} pendingLabel={t("saving")} variant="secondary" notice={notice} />}
    </form>
  );
}

/** A release's editor shows the release of a project, which is `trusted` or not; its moves go through `actions`. */
interface ReleaseEditorProps {
  target: Target;
  trusted: boolean;
  release: ReleaseView;
  actions: ReleaseActions;
  /** The address of the releases list, where a deleted release goes back to. */
  listHref: string;
  /** The project's reviewed content is locked (lib/permissions `reviewedContentLocked`). */
  locked: boolean;
}

function ReleaseButtons({ target, release, trusted, actions, listHref }: Omit<ReleaseEditorProps, "locked">) {
  const t = useTranslations("releases");
  const channel = useTranslations("labels.releaseChannel");
  const router = useRouter();
  // A move's answer is said beside the buttons; a deleted release's as a toast on the list it goes
  // back to (a refusal beside the buttons). One answer there at a time: the last run's.
  const moves = useAction({ success: "notice", failure: "notice" });
  const deletion = useAction({ success: "toast", failure: "notice" });
  const pending = moves.pending || deletion.pending;
  // A move is a button that asks first; the question's confirm button says what the button says.
  const moveButton = (
    label: string,
    work: () => Promise<FormResult>,
    ask: Omit<NonNullable<RunOptions<unknown>["confirm"]>, "confirmLabel">,
    variant?: "secondary" | "danger",
  ) => (
    <Button
      type="button"
      variant={variant}
      pending={pending}
      onClick={() => {
        deletion.setNotice(null);
        return moves.run(work, { confirm: { ...ask, confirmLabel: label } });
      }}
    >
      {label}
    </Button>
  );
  // Publishing (or submitting) a release without files gives players nothing: the question says so first.
  const withFileWarning = (body: string) =>
    release.files.length ? (
      body
    ) : (
      <>
        <span className="block">{body}</span>
        <strong className="mt-2 block text-amber-800">{t("noFilesWarning")}</strong>
      </>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="flex flex-wrap gap-2">
        {canSubmitRelease(release.state) &&
          !canPublishDirectly({ trusted }) &&
          moveButton(t("submit"), () => actions.submit(target, release.id, release.revision), {
            title: t("submitTitle", { version: release.version }),
            body: withFileWarning(t("submitBody")),
            tone: "primary",
          })}
        {(release.state === "IN_REVIEW" || release.state === "REJECTED") &&
          moveButton(
            t("backToDraft"),
            () => actions.update(target, release.id, release.revision, { state: "DRAFT" }),
            {
              title: t("backToDraftTitle", { version: release.version }),
              body: release.state === "IN_REVIEW" ? t("withdrawBody") : t("backToDraftBody"),
            },
            "secondary",
          )}
        {release.state === "DRAFT" &&
          canPublishDirectly({ trusted }) &&
          moveButton(t("publish"), () => actions.update(target, release.id, release.revision, { state: "PUBLISHED" }), {
            title: t("publishTitle", { version: release.version }),
            body: withFileWarning(t("publishBody", { channel: channel(release.channel) })),
            tone: "primary",
          })}
        {release.state === "PUBLISHED" &&
          moveButton(
            t("yank"),
            () => actions.update(target, release.id, release.revision, { state: "YANKED" }),
            { title: t("yankTitle", { version: release.version }), body: t("yankBody") },
            "danger",
          )}
        {release.state !== "PUBLISHED" && release.state !== "IN_REVIEW" && (
          <Button
            type="button"
            variant="secondary"
            pending={pending}
            onClick={() => {
              moves.setNotice(null);
              return deletion.run(() => actions.remove(target, release.id, release.revision), {
                confirm: {
                  title: t("deleteTitle", { version: release.version }),
                  body: t("deleteBody", { count: release.files.length }),
                  confirmLabel: t("delete"),
                },
                onSuccess: () => router.push(listHref),
              });
            }}
          >
            {t("delete")}
          </Button>
        )}
      </div>
      <RowNotice notice={moves.notice ?? deletion.notice} />
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

/**
 * The Releases tab: one compact row per release (version, channel, state, files, downloads),
 * newest first; the version opens the release's editor. Below 640 px the downloads column is left
 * out (the editor shows them per file), and a version breaks only where it may ("1.1.0-⏎beta.1").
 */
export function ReleaseTable({ releases, listHref }: { releases: ReleaseView[]; listHref: string }) {
  const t = useTranslations("releases");
  const channel = useTranslations("labels.releaseChannel");
  const format = useFormatter();
  if (!releases.length) return <p className="text-sm text-slate-500">{t("none")}</p>;
  return (
    <DataTable
      caption={t("tableCaption")}
      regionLabel={t("tableCaption")}
      columns={[
        { label: t("version") },
        { label: t("channel") },
        { label: t("state") },
        { label: t("files"), className: "text-right max-sm:pr-0" },
        // On a phone the downloads stay in each release's editor (and Files is the last column, without
        // the padding before the next): four columns fit 390 px without scrolling sideways.
        { label: t("downloadsColumn"), className: "hidden text-right sm:table-cell" },
      ]}
    >
      {releases.map((release) => (
        <tr key={release.id}>
          <td className="py-2 pr-3">
            <Link href={`${listHref}/${release.id}`} className="font-semibold break-words text-indigo-700 hover:underline">
              {release.version}
            </Link>
            <span className="block text-xs break-words text-slate-600">{release.title}</span>
          </td>
          <td className="py-2 pr-3">{channel(release.channel)}</td>
          <td className="py-2 pr-3">
            <ReleaseStateBadge state={release.state} />
          </td>
          <td className="py-2 pr-3 text-right tabular-nums max-sm:pr-0">{format.number(release.files.length)}</td>
          <td className="hidden py-2 text-right tabular-nums sm:table-cell">
            {format.number(release.files.reduce((sum, file) => sum + file.downloadCount, 0))}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * One release's editor: where it stands, its state buttons (each asks first), its text, and its
 * files (where the launcher installs each, for which platforms) with the upload (progress and
 * sha256). On a phone its text and the upload's launcher options fold behind a summary each
 * (PhoneFold), so the files and the upload are not 2,000 px away. While the project is in review
 * (`locked`) the server refuses every change to a release, so none is offered: the reason stands
 * where the buttons were, the text reads as it is, the files without the upload.
 */
export function ReleaseEditor({ target, trusted, release, actions, listHref, locked }: ReleaseEditorProps) {
  const t = useTranslations("releases");
  const locale = useLocale();
  const channel = useTranslations("labels.releaseChannel");
  const format = useFormatter();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-words text-slate-600">{release.title}</span>
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200">
          {channel(release.channel)}
        </span>
        <ReleaseStateBadge state={release.state} />
      </div>
      <ReviewState release={release} />
      {locked ? (
        <ReviewLockNote />
      ) : (
        <ReleaseButtons target={target} release={release} trusted={trusted} actions={actions} listHref={listHref} />
      )}
      {release.state !== "IN_REVIEW" && (
        <PhoneFold summary={t("editText")}>
          <EditRelease target={target} release={release} update={actions.update} preview={actions.preview} locked={locked} />
        </PhoneFold>
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-medium">{t("files")}</h3>
        {release.files.length ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {release.files.map((file) => (
              <li key={file.id} className="py-1.5">
                <div className="flex flex-wrap gap-x-3">
                  <span className="font-medium break-all">{file.name}</span>
                  <span className="text-slate-600">{formatBytes(file.size, locale)}</span>
                  <span className="text-slate-600">
                    {t("downloads", { count: file.downloadCount, formatted: format.number(file.downloadCount) })}
                  </span>
                </div>
                {/* The checksum once, shortened; Copy takes all of it. */}
                <FileSha256 file={file} labelled />
                <p className="text-xs text-slate-600">
                  {t("installColumn")} <FileInstall file={file} />
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{t("noFiles")}</p>
        )}
        {locked || release.state === "YANKED" ? null : releaseFilesLocked(release, { trusted }, "add") ? (
          <p className="text-sm text-slate-500">{t("filesFrozen")}</p>
        ) : (
          <FileUpload projectId={target.projectId} releaseId={release.id} label={t("uploadTo", { version: release.version })} />
        )}
      </div>
    </div>
  );
}
