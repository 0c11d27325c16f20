import type { z } from "zod";
import type { Messages } from "./messages";
import { markLocalized } from "./server-messages/untranslated";

/**
 * zod's own messages ("Too small: expected string to have >=3 characters") in the reader's
 * language: an error map for one parse (`schema.safeParse(input, { error })`, or zodResolver's
 * schema options) that words zod's issues by their code from the catalogue (`common.validation`).
 * Per parse, because the server is shared by readers of every language (`z.config` is global).
 * Messages a schema states itself win over this map; they go through lib/i18n/server-messages.
 * Issues it has no words for keep zod's English.
 */
export type ValidationMessage = keyof Messages["common"]["validation"];
export type TranslateValidation = (key: ValidationMessage, values?: Record<string, number>) => string;

type Issue = z.core.$ZodRawIssue;

export function validationErrorMap(t: TranslateValidation): z.core.$ZodErrorMap {
  return (issue) => {
    const words = wordsFor(issue as Issue);
    if (!words) return undefined;
    const message = t(...words);
    // Already in the reader's words: when it later meets the table of server messages, that is no gap.
    markLocalized(message);
    return message;
  };
}

function wordsFor(issue: Issue): [ValidationMessage, Record<string, number>?] | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return ["required"];
      return issue.expected === "int" ? ["wholeNumber"] : ["invalidType"];
    case "too_small":
      return bound(issue.origin, { minimum: Number(issue.minimum) }, issue.inclusive !== false, {
        text: "tooShort",
        number: "tooSmall",
        exclusive: "greaterThan",
        items: "tooFewItems",
      });
    case "too_big":
      return bound(issue.origin, { maximum: Number(issue.maximum) }, issue.inclusive !== false, {
        text: "tooLong",
        number: "tooBig",
        exclusive: "lessThan",
        items: "tooManyItems",
      });
    case "invalid_format":
      return issue.format === "email" ? ["email"] : issue.format === "url" ? ["url"] : ["invalidFormat"];
    case "invalid_value":
      return ["invalidOption"];
    default:
      return undefined;
  }
}

/** A length, count or size limit, by what was measured. An empty text below a minimum of 1 is just "required". */
function bound(
  origin: string,
  limit: { minimum: number } | { maximum: number },
  inclusive: boolean,
  words: { text: ValidationMessage; number: ValidationMessage; exclusive: ValidationMessage; items: ValidationMessage },
): [ValidationMessage, Record<string, number>?] | undefined {
  const values: Record<string, number> = limit;
  if (origin === "string") return "minimum" in limit && limit.minimum === 1 ? ["required"] : [words.text, values];
  if (origin === "array" || origin === "set") return [words.items, values];
  if (origin === "number" || origin === "int" || origin === "bigint") return [inclusive ? words.number : words.exclusive, values];
  return undefined;
}
