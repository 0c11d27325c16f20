import { AppError, PreconditionFailed, ValidationFailed, type FieldError } from "../errors";
import { problemFor, zodFieldErrors } from "../http/problem";
import { translateServerMessage, translateServerMessages } from "../i18n/server-messages";
import { z } from "zod";

/** What every server action answers; forms show `fieldErrors` at their fields and `message` above. */
export type FormResult<T = undefined> =
  | { ok: true; message: string; data?: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

export type FormFailure = Extract<FormResult, { ok: false }>;

/**
 * Turns a thrown error into a FormResult with the same words the API would use, in the reader's
 * language (`locale`; lib/i18n/server-messages: the English message where the table has none).
 */
export function formFailure(error: unknown, locale = "en"): FormFailure {
  const failure = englishFailure(error);
  const fieldErrors = translateServerMessages(failure.fieldErrors, locale);
  return { ok: false, message: translateServerMessage(failure.message, locale), ...(fieldErrors ? { fieldErrors } : {}) };
}

function englishFailure(error: unknown): FormFailure {
  if (error instanceof z.ZodError) return englishFailure(new ValidationFailed(zodFieldErrors(error)));
  // A form holds the version it was shown with; the API's wording ("send If-Match") means nothing here.
  if (error instanceof PreconditionFailed) {
    return {
      ok: false,
      message: "This changed in another window or by someone else meanwhile. Reload the page to see the latest version.",
    };
  }
  if (error instanceof AppError) {
    const fieldErrors = fieldErrorsOf(error.extra.errors);
    if (fieldErrors) return { ok: false, message: "Please correct the highlighted fields.", fieldErrors };
    return { ok: false, message: error.message };
  }
  const { body } = problemFor(error, "portal");
  return { ok: false, message: String(body.detail) };
}

function fieldErrorsOf(errors: unknown): Record<string, string> | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  return Object.fromEntries((errors as FieldError[]).map((error) => [error.path, error.message]));
}
