import { describe, expect, it } from "vitest";
import de from "./de.json";
import { literals, normalize, read, schemaMessages, sourceFiles, thrownMessages } from "./collect";
import { translateServerMessage } from "./index";

/** Files whose messages never reach the portal, or are not messages for people. */
const SKIPPED_FILES = [/^lib\/demo\//, /^lib\/testing\//, /^lib\/db\//, /^lib\/i18n\//];

/**
 * Messages the portal cannot show: they answer API requests only (headers, query strings, bodies
 * the portal never sends, access tokens and their scopes, cursors of API listings, API-only
 * endpoints such as the audit log and the outbox listing).
 */
const API_ONLY = new Set([
  "Idempotency-Key must be 1-255 visible ASCII characters.",
  "This Idempotency-Key was used for a different request.",
  "A request with this Idempotency-Key is still being processed.",
  'This token lacks the "{}" scope.',
  "Cross-site requests with a session cookie are refused.",
  'The query parameter "{}" is given more than once.',
  "This endpoint takes no query parameters.",
  "The body is not valid JSON.",
  "The JSON nests deeper than {} levels.",
  "The request body ended before it was received whole.",
  "The form data cannot be read.",
  "The version in If-Match is out of range (at most {}).",
  "The access token is invalid, expired or revoked.",
  "Your token cannot create a token with: {}.",
  "The audit log needs the audit.read permission (tokens: the admin scope).",
  "The outbox is for the platform team (mail.readOutbox).",
  "Send the 6-digit code of your authenticator app (or a recovery code) as `otp`.",
  "Send the ETag you read in an If-Match header.",
  "The cursor is not valid. Start again without it.",
  "The cursor is not valid for this sort. Start again without it.",
  "Send the body as {}.",
  "The body may be at most {} bytes.",
]);

/** Texts of the schemas that are not error messages: the default application prompt is in the catalogue (applications.apply.defaultPrompt). */
const NOT_MESSAGES = new Set(["Tell the team about yourself and why you want to join."]);

function portalMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles("lib").filter((path) => !SKIPPED_FILES.some((skip) => skip.test(path)))) {
    const source = read(file);
    const messages = [
      ...thrownMessages(source),
      ...(file.endsWith("schemas.ts") || file === "lib/auth/password-policy.ts" ? schemaMessages(source) : []),
    ];
    for (const message of messages) if (!API_ONLY.has(message) && !NOT_MESSAGES.has(message)) found.set(message, file);
  }
  for (const file of sourceFiles("app")) for (const message of thrownMessages(read(file))) found.set(message, file);
  return found;
}

describe("the German table of server messages", () => {
  const keys = new Set(Object.keys(de).map(normalize));

  it("translates every message of schemas and services the portal can show", () => {
    const missing = [...portalMessages()]
      .filter(([message]) => !keys.has(message) && translateServerMessage(message, "de") === message)
      .map(([message, file]) => `${file}: ${message}`);
    expect(missing).toEqual([]);
  });

  it("has no entry whose English message is gone from the sources", () => {
    const texts = new Set([...sourceFiles("lib"), ...sourceFiles("app")].flatMap((file) => literals(read(file))));
    // A pattern's English message may be a template (`Use at most ${max} characters.`) or written out in full ("Use at most 80 characters.").
    const matches = (key: string) => {
      const regex = new RegExp(
        `^${key
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join(".+")}$`,
      );
      return [...texts].some((text) => regex.test(text));
    };
    const stale = Object.keys(de).filter((key) => !texts.has(normalize(key)) && !matches(key));
    expect(stale).toEqual([]);
  });

  it("keeps every {part} of a pattern's English message a known one in the German", () => {
    for (const [key, value] of Object.entries(de)) {
      const names = new Set([...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
      for (const [, name] of value.matchAll(/\{(\w+)\}/g)) expect(names, `${key} → ${value}`).toContain(name);
    }
  });
});

describe("translateServerMessage", () => {
  it("looks up the exact English message, and keeps English for English readers and unknown texts", () => {
    expect(translateServerMessage("This username is taken.", "de")).toBe("Dieser Benutzername ist schon vergeben.");
    expect(translateServerMessage("This username is taken.", "en")).toBe("This username is taken.");
    expect(translateServerMessage("Something nobody wrote.", "de")).toBe("Something nobody wrote.");
    expect(translateServerMessage("This username is taken.", "fr")).toBe("This username is taken.");
  });

  it("fills a pattern's parts from the English message", () => {
    expect(translateServerMessage("Version 1.2.0 exists in this project already.", "de")).toBe(
      "Die Version 1.2.0 gibt es in diesem Projekt schon.",
    );
    expect(translateServerMessage("Use at most 80 characters.", "de")).toBe("Höchstens 80 Zeichen.");
    expect(translateServerMessage("Try again in 12 seconds.", "de")).toBe("Versuch es in 12 Sekunden noch einmal.");
  });
});
