import { expect, it } from "vitest";
import { z } from "zod";
import { Conflict, PreconditionFailed } from "../errors";
import { formFailure } from "./form-result";

it("puts field errors at their fields and points the banner at them", () => {
  const error = z.strictObject({ name: z.string().min(2, "Too short.") }).safeParse({ name: "x", extra: 1 }).error!;
  expect(formFailure(error)).toEqual({
    ok: false,
    message: "Please correct the highlighted fields.",
    fieldErrors: { name: "Too short.", extra: "Unknown field." },
  });
  expect(
    formFailure(new Conflict("Taken.", "taken", { errors: [{ path: "username", message: "This username is taken." }] })).fieldErrors,
  ).toEqual({ username: "This username is taken." });
});

it("tells a form shown with an old version to reload, in words for people", () => {
  expect(formFailure(new PreconditionFailed()).message).toMatch(/Reload the page/);
});

it("never shows what an unexpected error says", () => {
  const log = console.error;
  console.error = () => undefined;
  expect(formFailure(new Error("relation users does not exist")).message).not.toMatch(/relation/);
  console.error = log;
});

it("speaks the reader's language where the table has the message, and English where it has not", () => {
  const error = z.strictObject({ username: z.string().min(3, "Use at least 3 characters.") }).safeParse({ username: "x" }).error!;
  expect(formFailure(error, "de")).toEqual({
    ok: false,
    message: "Bitte korrigiere die markierten Felder.",
    fieldErrors: { username: "Mindestens 3 Zeichen." },
  });
  expect(formFailure(new PreconditionFailed(), "de").message).toMatch(/Lade die Seite neu/);
  expect(formFailure(new Conflict("Nobody translated this."), "de").message).toBe("Nobody translated this.");
  expect(formFailure(error, "en").fieldErrors).toEqual({ username: "Use at least 3 characters." });
});
