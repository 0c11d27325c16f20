import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Locale } from "./locales";
import { MESSAGES } from "./messages";
import { validationErrorMap } from "./validation-messages";

const schema = z.object({
  name: z.string().min(3).max(5),
  title: z.string().min(1),
  email: z.email(),
  website: z.url(),
  memory: z.number().int().min(256),
  tags: z.array(z.string()).max(1),
  channel: z.enum(["STABLE", "BETA"]),
  own: z.string().min(2, "The schema's own message."),
});
const input = { name: "ab", title: "", email: "x", website: "no", memory: 100, tags: ["a", "b"], channel: "NIGHTLY", own: "x" };

function messages(locale: Locale, value: unknown = input): Record<string, string> {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "common.validation" });
  const result = schema.safeParse(value, { error: validationErrorMap((key, values) => t(key, values)) });
  return Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("zod's messages in the reader's language", () => {
  it("are German for a German reader; a schema's own message stays for the server-message table", () => {
    expect(messages("de")).toEqual({
      name: "Mindestens 3 Zeichen.",
      title: "Pflichtfeld.",
      email: "Gib eine E-Mail-Adresse ein, z. B. name@example.com.",
      website: "Gib eine Webadresse ein, z. B. https://example.com.",
      memory: "Mindestens 256.",
      tags: "Höchstens 1 Eintrag.",
      channel: "Wähle einen der angebotenen Werte.",
      own: "The schema's own message.",
    });
    expect(messages("de", { ...input, name: "abcdefg", memory: 1.5, tags: [] })).toMatchObject({
      name: "Höchstens 5 Zeichen.",
      memory: "Gib eine ganze Zahl ein.",
    });
    expect(messages("de", {})).toMatchObject({ name: "Pflichtfeld.", memory: "Pflichtfeld." });
  });

  it("are plain English for an English reader", () => {
    expect(messages("en")).toMatchObject({ name: "At least 3 characters.", title: "Required.", tags: "At most 1 entry." });
  });

  it("leave issues they have no words for to zod", () => {
    const t = createTranslator({ locale: "de", messages: MESSAGES.de, namespace: "common.validation" });
    const result = z
      .string()
      .startsWith("x")
      .safeParse("y", { error: validationErrorMap((key, values) => t(key, values)) });
    expect(result.error!.issues[0]!.message).toBe("Das hat nicht die erwartete Form.");
    const custom = z
      .number()
      .multipleOf(5)
      .safeParse(3, { error: validationErrorMap((key, values) => t(key, values)) });
    expect(custom.error!.issues[0]!.message).toBe("Invalid number: must be a multiple of 5");
  });
});
