import { describe, expect, it } from "vitest";
import { renderMail, type MailTemplate, type MailTemplateData } from "./templates";
import before from "./templates.fixtures.json";

// Sample data for every template; the fixture holds what the mails said before their texts moved
// into the catalogue (lib/i18n/messages/<locale>/mail.json): the move changes no word or tag.
type Earlier = Exclude<MailTemplate, "notification" | "passwordChanged" | "twoFactorDisabled" | "emailChangeRequested">;
const DATA: Pick<MailTemplateData, Earlier> = {
  verifyEmail: { name: "Ada", email: "ada@example.test", link: "https://p.test/verify-email?token=abc" },
  passwordReset: { name: "Ada", link: "https://p.test/reset-password?token=abc", minutes: 30 },
  newDevice: { name: "Ada", device: "Firefox on Linux", ip: "10.0.0.1", at: "2026-11-23 03:00", link: "https://p.test/account/security" },
  twoFactorReset: { name: "Ada", link: "https://p.test/account/security" },
  applicationDecision: {
    name: "Ada",
    project: "Skyforge",
    accepted: false,
    reason: "Team is full",
    link: "https://p.test/projects/skyforge",
  },
  reviewDecision: {
    name: "Ada",
    project: "Skyforge",
    approved: true,
    reason: null,
    link: "https://p.test/projects/skyforge/manage/review",
  },
  releaseDecision: {
    name: "Ada",
    project: "Skyforge",
    version: "1.2.0",
    approved: false,
    reason: "The installer asks for administrator rights.",
    link: "https://p.test/projects/skyforge/manage/releases",
  },
};

describe("mails from the catalogue", () => {
  it("renders every template in English and German as before", () => {
    for (const template of Object.keys(DATA) as Earlier[]) {
      for (const language of ["en", "de"]) {
        expect(renderMail(template, language, DATA[template] as never), `${template}.${language}`).toEqual(
          before[`${template}.${language}` as keyof typeof before],
        );
      }
    }
    expect(renderMail("newDevice", "de", { ...DATA.newDevice, ip: null })).toEqual(before["newDevice.noip.de"]);
    expect(renderMail("applicationDecision", "en", { ...DATA.applicationDecision, accepted: true, reason: null })).toEqual(
      before["applicationDecision.accepted.en"],
    );
    expect(renderMail("reviewDecision", "de", { ...DATA.reviewDecision, approved: false, reason: "Zu kurz" })).toEqual(
      before["reviewDecision.rejected.de"],
    );
  });

  it("mails a notification with its title as the subject, its body, a button and why it came", () => {
    const data = {
      name: "Ada",
      title: "Skyforge: you are on the team",
      body: "Your role: Tester.",
      link: "https://p.test/projects/skyforge",
    };
    const mail = renderMail("notification", "de", data);
    expect(mail.subject).toBe("Skyforge: you are on the team");
    expect(mail.text).toBe(
      "Hallo Ada,\n\nSkyforge: you are on the team\n\nYour role: Tester.\n\nhttps://p.test/projects/skyforge\n\nDu bekommst diese Mail, weil sie in deinen Benachrichtigungseinstellungen eingeschaltet ist (Konto, Benachrichtigungen).",
    );
    expect(mail.html).toContain('href="https://p.test/projects/skyforge"');
  });

  it("sends the security notices in the reader's language, saying they cannot be switched off", () => {
    const link = "https://p.test/account/security";
    expect(renderMail("passwordChanged", "en", { name: "Ada", link }).subject).toBe("Your password was changed");
    expect(renderMail("twoFactorDisabled", "de", { name: "Ada", link }).subject).toBe("Die Zwei-Faktor-Anmeldung wurde ausgeschaltet");
    const changed = renderMail("emailChangeRequested", "en", { name: "Ada", newEmail: "new@example.test", link });
    expect(changed.text).toContain("asked to use new@example.test from now on");
    expect(changed.text).toContain("it cannot be switched off");
  });

  it("falls back to English for other languages, and takes the base of a regional one", () => {
    expect(renderMail("passwordReset", "fr", DATA.passwordReset).subject).toBe("Reset your password");
    expect(renderMail("passwordReset", "de-AT", DATA.passwordReset).subject).toBe("Setze dein Passwort zurück");
    expect(renderMail("passwordReset", null, DATA.passwordReset).subject).toBe("Reset your password");
  });

  it("puts a name that looks like a message argument into the mail as it is, escaped in HTML", () => {
    const mail = renderMail("verifyEmail", "en", { ...DATA.verifyEmail, name: "{x} <b>" });
    expect(mail.text).toContain("Hello {x} <b>,");
    expect(mail.html).toContain("Hello {x} &lt;b&gt;,");
  });
});
