/**
 * Every mail the service sends, in English and German, as plain text and HTML. A template is
 * data (subject, paragraphs, an optional button); `renderMail` makes both bodies from it, so the
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
}
export type MailTemplate = keyof MailTemplateData;

interface MailContent {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Shown below the button, e.g. "the link works for 30 minutes". */
  footnote?: string;
}

type Translations = { [T in MailTemplate]: Record<MailLanguage, (data: MailTemplateData[T]) => MailContent> };

const TEMPLATES: Translations = {
  verifyEmail: {
    en: (d) => ({
      subject: "Confirm your e-mail address",
      paragraphs: [`Hello ${d.name},`, `open this link to confirm ${d.email}:`],
      button: { label: "Confirm e-mail address", url: d.link },
      footnote: "The link works for 24 hours.",
    }),
    de: (d) => ({
      subject: "Bestätige deine E-Mail-Adresse",
      paragraphs: [`Hallo ${d.name},`, `öffne diesen Link, um ${d.email} zu bestätigen:`],
      button: { label: "E-Mail-Adresse bestätigen", url: d.link },
      footnote: "Der Link gilt 24 Stunden.",
    }),
  },
  passwordReset: {
    en: (d) => ({
      subject: "Reset your password",
      paragraphs: [`Hello ${d.name},`, "someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one:"],
      button: { label: "Choose a new password", url: d.link },
      footnote: `The link works once, for ${d.minutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    }),
    de: (d) => ({
      subject: "Setze dein Passwort zurück",
      paragraphs: [`Hallo ${d.name},`, "jemand (hoffentlich du) möchte das Passwort deines Kontos zurücksetzen. Öffne diesen Link, um ein neues zu wählen:"],
      button: { label: "Neues Passwort wählen", url: d.link },
      footnote: `Der Link gilt einmal, ${d.minutes} Minuten lang. Wenn du das nicht warst, ignoriere diese Mail: dein Passwort bleibt, wie es ist.`,
    }),
  },
  newDevice: {
    en: (d) => ({
      subject: `New sign-in from ${d.device}`,
      paragraphs: [
        `Hello ${d.name},`,
        `your account was just signed in from a new device: ${d.device}${d.ip ? `, address ${d.ip}` : ""}, at ${d.at} (UTC).`,
        "If this was you, there is nothing to do. If not, change your password and remove the device on your Security page.",
      ],
      button: { label: "Open the Security page", url: d.link },
    }),
    de: (d) => ({
      subject: `Neue Anmeldung von ${d.device}`,
      paragraphs: [
        `Hallo ${d.name},`,
        `dein Konto wurde gerade von einem neuen Gerät angemeldet: ${d.device}${d.ip ? `, Adresse ${d.ip}` : ""}, am ${d.at} (UTC).`,
        "Wenn du das warst, ist nichts zu tun. Wenn nicht, ändere dein Passwort und entferne das Gerät auf deiner Sicherheitsseite.",
      ],
      button: { label: "Sicherheitsseite öffnen", url: d.link },
    }),
  },
  twoFactorReset: {
    en: (d) => ({
      subject: "Two-factor sign-in was turned off for your account",
      paragraphs: [
        `Hello ${d.name},`,
        "a member of the platform team turned off two-factor sign-in for your account, as you asked. Your account is now protected by your password only.",
        "Set up two-factor sign-in again on your Security page. If you did not ask for this, contact us at once.",
      ],
      button: { label: "Open the Security page", url: d.link },
    }),
    de: (d) => ({
      subject: "Die Zwei-Faktor-Anmeldung deines Kontos wurde abgeschaltet",
      paragraphs: [
        `Hallo ${d.name},`,
        "das Plattform-Team hat die Zwei-Faktor-Anmeldung deines Kontos auf deinen Wunsch abgeschaltet. Dein Konto ist jetzt nur durch dein Passwort geschützt.",
        "Richte die Zwei-Faktor-Anmeldung auf deiner Sicherheitsseite wieder ein. Wenn du das nicht wolltest, melde dich sofort bei uns.",
      ],
      button: { label: "Sicherheitsseite öffnen", url: d.link },
    }),
  },
  applicationDecision: {
    en: (d) => ({
      subject: d.accepted ? `You joined ${d.project}` : `Your application to ${d.project}`,
      paragraphs: [
        `Hello ${d.name},`,
        d.accepted ? `your application to ${d.project} was accepted. Welcome to the team!` : `your application to ${d.project} was declined.`,
        ...(d.reason ? [`Reason: ${d.reason}`] : []),
      ],
      button: { label: "Open the project", url: d.link },
    }),
    de: (d) => ({
      subject: d.accepted ? `Du bist jetzt bei ${d.project}` : `Deine Bewerbung bei ${d.project}`,
      paragraphs: [
        `Hallo ${d.name},`,
        d.accepted ? `deine Bewerbung bei ${d.project} wurde angenommen. Willkommen im Team!` : `deine Bewerbung bei ${d.project} wurde abgelehnt.`,
        ...(d.reason ? [`Begründung: ${d.reason}`] : []),
      ],
      button: { label: "Projekt öffnen", url: d.link },
    }),
  },
  reviewDecision: {
    en: (d) => ({
      subject: d.approved ? `${d.project} is published` : `${d.project} needs changes`,
      paragraphs: [
        `Hello ${d.name},`,
        d.approved ? `the review of ${d.project} is done: it is approved and published.` : `the review of ${d.project} is done: it was not approved yet.`,
        ...(d.reason ? [`Reason: ${d.reason}`] : []),
      ],
      button: { label: "Open the project", url: d.link },
    }),
    de: (d) => ({
      subject: d.approved ? `${d.project} ist veröffentlicht` : `${d.project} braucht Änderungen`,
      paragraphs: [
        `Hallo ${d.name},`,
        d.approved ? `die Prüfung von ${d.project} ist abgeschlossen: es ist freigegeben und veröffentlicht.` : `die Prüfung von ${d.project} ist abgeschlossen: es wurde noch nicht freigegeben.`,
        ...(d.reason ? [`Begründung: ${d.reason}`] : []),
      ],
      button: { label: "Projekt öffnen", url: d.link },
    }),
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

export function renderMail<T extends MailTemplate>(template: T, language: string | null | undefined, data: MailTemplateData[T]): RenderedMail {
  const content = TEMPLATES[template][mailLanguage(language)](data);
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
