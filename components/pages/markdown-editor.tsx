"use client";

import { useTranslations } from "next-intl";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState, useTransition } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { controlClass, FieldShell } from "@/components/ui/field";
import type { FormResult } from "@/lib/portal/form-result";
import { formatMarkdown, MARKDOWN_FORMATS, type MarkdownFormat } from "./markdown-format";
import { MarkdownHtml } from "./markdown-html";

const PREVIEW_DELAY_MS = 400;

/** The keys of Ctrl (or ⌘) shortcuts, as GitHub's and most editors' are. */
const SHORTCUTS: Partial<Record<MarkdownFormat, string>> = { bold: "B", italic: "I", link: "K" };
const FORMAT_OF_KEY: Record<string, MarkdownFormat> = { b: "bold", i: "italic", k: "link" };

/**
 * Markdown on the left with a formatting toolbar, a live preview on the right rendered on the
 * server by the same renderer and sanitizer as the public pages (so what you see is what visitors
 * get). Used by the page editor, the announcements and a release's changelog. `field` is the form's registration of the
 * text (`form.register("body")`), `body` its current value (`useWatch`).
 */
export function MarkdownEditor({
  label,
  hint,
  error,
  rows,
  maxLength,
  field,
  body,
  initialHtml = "",
  preview,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  rows: number;
  maxLength: number;
  field: UseFormRegisterReturn;
  body: string;
  initialHtml?: string;
  preview: (body: string) => Promise<FormResult<{ html: string }>>;
}) {
  const t = useTranslations("pages.markdown");
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [rendered, setRendered] = useState({ html: initialHtml, error: "" });
  const [previewing, startPreview] = useTransition();
  // The latest preview action without restarting the delay on every render of the form around.
  const previewRef = useRef(preview);
  previewRef.current = preview;

  useEffect(() => {
    const timer = setTimeout(() => {
      startPreview(async () => {
        const result = await previewRef.current(body);
        // The text's own field error (a page's "body", a release's "changelog"), else the message.
        setRendered(
          result.ok
            ? { html: result.data!.html, error: "" }
            : { html: "", error: Object.values(result.fieldErrors ?? {})[0] ?? result.message },
        );
      });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body]);

  const apply = (format: MarkdownFormat) => {
    const element = textarea.current;
    if (!element) return;
    const edit = formatMarkdown(element.value, element.selectionStart, element.selectionEnd, format);
    element.focus();
    element.setSelectionRange(edit.start, edit.end);
    // insertText keeps the browser's undo history and fires the input event the form listens to.
    if (!document.execCommand("insertText", false, edit.text)) {
      element.setRangeText(edit.text, edit.start, edit.end);
      element.dispatchEvent(new Event("input", { bubbles: true }));
    }
    element.setSelectionRange(...edit.selection);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const format = FORMAT_OF_KEY[event.key.toLowerCase()];
    if (!format) return;
    event.preventDefault();
    apply(format);
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FieldShell label={label} hint={hint} error={error} className="min-w-0">
        {({ id, describedBy, invalid }) => (
          <div className="space-y-1.5">
            <FormattingToolbar controls={id} onFormat={apply} label={t("toolbar")} />
            <textarea
              id={id}
              rows={rows}
              maxLength={maxLength}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...field}
              ref={(element) => {
                field.ref(element);
                textarea.current = element;
              }}
              onKeyDown={onKeyDown}
              className={controlClass("font-mono")}
            />
          </div>
        )}
      </FieldShell>
      <section aria-label={t("preview")} aria-busy={previewing} className="min-w-0 space-y-1.5">
        <p className="text-sm font-medium text-slate-900">
          {t("preview")} {previewing && <span className="text-xs font-normal text-slate-500">{t("updating")}</span>}
        </p>
        <div
          data-testid="markdown-preview"
          className="min-h-40 overflow-x-auto rounded-md bg-slate-50 p-4 break-words ring-1 ring-slate-200"
        >
          {rendered.error ? <p className="text-sm text-red-600">{rendered.error}</p> : <MarkdownHtml html={rendered.html} />}
        </div>
      </section>
    </div>
  );
}

/**
 * The toolbar is one stop for Tab; the arrow keys, Home and End move between its buttons (the
 * WAI-ARIA toolbar pattern). A button formats the text's selection and gives the focus back to it.
 */
function FormattingToolbar({ controls, onFormat, label }: { controls: string; onFormat: (format: MarkdownFormat) => void; label: string }) {
  const t = useTranslations("pages.markdown");
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = MARKDOWN_FORMATS.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  return (
    <div role="toolbar" aria-label={label} aria-controls={controls} onKeyDown={move} className="flex flex-wrap gap-1">
      {MARKDOWN_FORMATS.map((format, index) => {
        const key = SHORTCUTS[format];
        return (
          <button
            key={format}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={t(`format.${format}`)}
            aria-keyshortcuts={key ? `Control+${key} Meta+${key}` : undefined}
            title={key ? t("withShortcut", { action: t(`format.${format}`), key }) : t(`format.${format}`)}
            onFocus={() => setCurrent(index)}
            onClick={() => onFormat(format)}
            className="grid size-8 place-items-center rounded-md text-sm text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent"
          >
            <FormatIcon format={format} />
          </button>
        );
      })}
    </div>
  );
}

/** Letters for the formats that have one; the others are drawn (ICON_PATHS). */
const GLYPHS: Partial<Record<MarkdownFormat, { text: string; className: string }>> = {
  bold: { text: "B", className: "font-bold" },
  italic: { text: "I", className: "font-serif italic" },
  heading: { text: "H", className: "font-semibold" },
  code: { text: "</>", className: "font-mono text-xs" },
};

function FormatIcon({ format }: { format: MarkdownFormat }) {
  const glyph = GLYPHS[format];
  if (glyph) {
    return (
      <span aria-hidden className={glyph.className}>
        {glyph.text}
      </span>
    );
  }
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" className="size-4">
      <path d={ICON_PATHS[format]} />
    </svg>
  );
}

const ICON_PATHS: Partial<Record<MarkdownFormat, string>> = {
  link: "M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l.9-.9",
  list: "M8 5h9M8 10h9M8 15h9M3.5 5h.01M3.5 10h.01M3.5 15h.01",
  quote: "M4 5v10M8 6h8M8 10h8M8 14h5",
};
