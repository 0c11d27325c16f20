import { randomUUID } from "node:crypto";
import { BadRequest } from "../errors";
import { JsonTooDeep, jsonDepth, MAX_JSON_DEPTH, nestsTooDeep } from "../http/client-input";
import { problemResponse } from "../http/problem";

/** The form fields React reads as JSON: reply chunks ("0", "1", ...) and a no-JS form's bound arguments ("$ACTION_1:0"). */
const JSON_FIELD = /^(?:\d+|\$ACTION_[^:]*:\d+)$/;
const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * A server action's arguments are decoded by React (Next.js calls decodeReply / decodeAction)
 * before portalAction sees them, with a recursive walk that overflows the stack on deep JSON: a
 * 500 (issue 23, finding 13). The proxy checks the JSON parts of every POST to a page first (the
 * whole of a text body, or the JSON fields of a form; users' own fields and files are not JSON)
 * and answers 400 problem+json when they nest deeper than MAX_JSON_DEPTH, or when the form cannot
 * be parsed at all (Next.js answered that with a 500 too). Null: the body may go on.
 */
export async function refuseActionBody(request: Request): Promise<Response | null> {
  const problem = await actionBodyProblem(request.clone());
  return problem ? problemResponse(problem, randomUUID()) : null;
}

async function actionBodyProblem(request: Request): Promise<BadRequest | null> {
  if (!FORM_TYPE.test(request.headers.get("content-type") ?? "")) return nestsTooDeep(await request.text()) ? new JsonTooDeep() : null;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new BadRequest("The form data cannot be read.", "malformed_form");
  }
  // React follows "$<id>" references from one chunk into the next, so the chunks nest into each
  // other: their depths are added up (a chain of 1,000 one-level chunks overflowed the stack).
  let depth = 0;
  for (const [name, value] of form) {
    if (!JSON_FIELD.test(name) || typeof value !== "string") continue;
    depth += jsonDepth(value, MAX_JSON_DEPTH);
    if (depth > MAX_JSON_DEPTH) return new JsonTooDeep();
  }
  return null;
}
