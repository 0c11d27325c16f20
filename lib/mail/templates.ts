import { createTranslator } from "use-intl/core";
import { MESSAGES } from "../i18n/messages";

/**
 * Every mail the service sends, in English and German, as plain text and HTML. The words are in
 * the portal's catalogue (the "mail" namespace of lib/i18n/messages/<locale>/mail.json), rendered
 * with use-intl's translator outside React; a template here only says which messages make up a
 * mail (subject, paragraphs, an optional button). `renderMail` makes both bodies from it, so the
 * text and HTML versions always say the same. Languages without a translation get English.
 */

export const MAIL_LANGUAGES = ["en", "de"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export interface MailTemplateData {
  verifyEmail: { name: string; email: string; link: string };
  passwordReset: { name: string; link: string; minutes: number };
  newDevice: { name: string; device: string; ip: string | null; at: string; link: string };
  twoFactorReset: { name: string; link: string };
  applicationDecision: { name: string; project: string; accepted: boolean; reason: string | null; link: string };
  reviewDecision: { name: string; project: string; approved: boolean; reason: string | null; link: string };
  /** Security notices (cannot be switched off): the password changed, two-factor sign-in turned off, a new address asked for (to the old one). */
  passwordChanged: { name: string; link: string };
  twoFactorDisabled: { name: string; link: string };
  emailChangeRequested: { name: string; newEmail: string; link: string };
  /** A notification that the reader also wants by mail: its title and body, already in the reader's language. */
  notification: { name: string; title: string; body: string; link: string };
  releaseDecision: { name: string; project: string; version: string; approved: boolean; reason: string | null; link: string };
}
export type MailTemplate = keyof MailTemplateData;

interface MailContent {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Shown below the button, e.g. "the link works for 30 minutes". */
  footnote?: string;
}

function translator(language: MailLanguage) {
  return createTranslator({ locale: language, messages: MESSAGES[language], namespace: "mail" });
}
type T = ReturnType<typeof translator>;

/**
 * A decision on the reader's application, project or release: the subject and the sentence of the
 * outcome, the reason when one was given, and the way to the project.
 */
function decisionMail(t: T, d: { name: string; reason: string | null; link: string }, subject: string, outcome: string): MailContent {
  return {
    subject,
    paragraphs: [t("greeting", { name: d.name }), outcome, ...(d.reason ? [t("reason", { reason: d.reason })] : [])],
    button: { label: t("openProject"), url: d.link },
  };
}

const TEMPLATES: { [K in MailTemplate]: (t: T, data: MailTemplateData[K]) => MailContent } = {
  verifyEmail: (t, d) => ({
    subject: t("verifyEmail.subject"),
    paragraphs: [t("greeting", { name: d.name }), t("verifyEmail.intro", { email: d.email })],
    button: { label: t("verifyEmail.button"), url: d.link },
    footnote: t("verifyEmail.footnote"),
  }),
  passwordReset: (t, d) => ({
    subject: t("passwordReset.subject"),
    paragraphs: [t("greeting", { name: d.name }), t("passwordReset.intro")],
    button: { label: t("passwordReset.button"), url: d.link },
    footnote: t("passwordReset.footnote", { minutes: d.minutes }),
  }),
  newDevice: (t, d) => ({
    subject: t("newDevice.subject", { device: d.device }),
    paragraphs: [
      t("greeting", { name: d.name }),
      t("newDevice.intro", { device: d.device, ip: d.ip ?? "none", at: d.at }),
      t("newDevice.advice"),
    ],
    button: { label: t("openSecurity"), url: d.link },
  }),
  twoFactorReset: (t, d) => ({
    subject: t("twoFactorReset.subject"),
    paragraphs: [t("greeting", { name: d.name }), t("twoFactorReset.intro"), t("twoFactorReset.advice")],
    button: { label: t("openSecurity"), url: d.link },
  }),
  applicationDecision: (t, d) => {
    const words = { project: d.project };
    return d.accepted
      ? decisionMail(t, d, t("applicationDecision.subjectAccepted", words), t("applicationDecision.accepted", words))
      : decisionMail(t, d, t("applicationDecision.subjectDeclined", words), t("applicationDecision.declined", words));
  },
  reviewDecision: (t, d) => {
    const words = { project: d.project };
    return d.approved
      ? decisionMail(t, d, t("reviewDecision.subjectApproved", words), t("reviewDecision.approved", words))
      : decisionMail(t, d, t("reviewDecision.subjectRejected", words), t("reviewDecision.rejected", words));
  },
  passwordChanged: (t, d) => ({
    subject: t("passwordChanged.subject"),
    paragraphs: [t("greeting", { name: d.name }), t("passwordChanged.intro"), t("securityAdvice")],
    button: { label: t("openSecurity"), url: d.link },
  }),
  twoFactorDisabled: (t, d) => ({
    subject: t("twoFactorDisabled.subject"),
    paragraphs: [t("greeting", { name: d.name }), t("twoFactorDisabled.intro"), t("securityAdvice")],
    button: { label: t("openSecurity"), url: d.link },
  }),
  emailChangeRequested: (t, d) => ({
    subject: t("emailChangeRequested.subject"),
    paragraphs: [t("greeting", { name: d.name }), t("emailChangeRequested.intro", { email: d.newEmail }), t("securityAdvice")],
    button: { label: t("openSecurity"), url: d.link },
  }),
  notification: (t, d) => ({
    subject: d.title,
    paragraphs: [t("greeting", { name: d.name }), d.title, ...(d.body ? [d.body] : [])],
    button: { label: t("notification.button"), url: d.link },
    footnote: t("notification.footnote"),
  }),
  releaseDecision: (t, d) => {
    const words = { project: d.project, version: d.version };
    return d.approved
      ? decisionMail(t, d, t("releaseDecision.subjectApproved", words), t("releaseDecision.approved", words))
      : decisionMail(t, d, t("releaseDecision.subjectRejected", words), t("releaseDecision.rejected", words));
  },
};

export function mailLanguage(language: string | null | undefined): MailLanguage {
  const base = (language ?? "en").toLowerCase().split(/[-_]/)[0];
  return (MAIL_LANGUAGES as readonly string[]).includes(base) ? (base as MailLanguage) : "en";
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail<T extends MailTemplate>(
  template: T,
  language: string | null | undefined,
  data: MailTemplateData[T],
): RenderedMail {
  const content = TEMPLATES[template](translator(mailLanguage(language)), data);
  const text = [
    ...content.paragraphs,
    ...(content.button ? [content.button.url] : []),
    ...(content.footnote ? [content.footnote] : []),
  ].join("\n\n");
  const paragraphs = content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  const button = content.button
    ? `<p><a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(content.button.label)}</a></p><p style="font-size:12px;color:#475569">${escapeHtml(content.button.url)}</p>`
    : "";
  const footnote = content.footnote ? `<p style="font-size:12px;color:#475569">${escapeHtml(content.footnote)}</p>` : "";
  const html = `<!doctype html><html lang="${mailLanguage(language)}"><body style="font-family:system-ui,sans-serif;color:#0f172a">${paragraphs.join("")}${button}${footnote}</body></html>`;
  return { subject: content.subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}
