import { revalidatePath } from "next/cache";
import { redirect, unstable_rethrow } from "next/navigation";
import { createTranslator } from "use-intl/core";
import { z } from "zod";
import type { AuditContext } from "../audit-log/record";
import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { getPortalActor, portalRequestMeta } from "../auth/portal";
import { idSchema } from "../http/operation";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { MESSAGES } from "../i18n/messages";
import { validationErrorMap } from "../i18n/validation-messages";
import { enforceForAddress, type RateLimitRule } from "../rate-limit";
import { formFailure, type FormResult } from "./form-result";
import { portalLocale } from "./locale";

/**
 * The one wrapper for server actions, as lib/http/route.ts is for route handlers (Formbricks'
 * `authenticatedActionClient`, next-safe-action). An action is declared, not written:
 *
 *   export const createWarningAction = portalAction({
 *     signIn: "/admin/users",
 *     args: z.tuple([idSchema, createWarningSchema]),
 *     run: ([userId, input], { actor, meta }) => done(createWarning(actor, userId, input, meta), "admin.actions.warningRecorded"),
 *     revalidate: userPage,
 *   });
 *
 * (`done`, lib/portal/answers.ts: the service's work, then its answer's line in the reader's
 * language.) In order: the portal session (no session: off to sign-in and back), the declared rate limit
 * (per client IP, the same counters as the API), the arguments parsed with the shared schemas,
 * the request meta and audit context built once, the service call, the declared revalidation and
 * redirect. Any error becomes a `FormResult` with field errors at their fields, its messages in the
 * reader's language (lib/i18n/server-messages); Next.js' own
 * redirect and not-found signals pass through.
 */

/** The project a portal page acts on: its id for the service, its slug for paths. */
export const projectTarget = z.object({ projectId: idSchema, slug: idSchema });

/** A project page's sign-in return path, from an action's raw first argument (a project target). */
export function projectPath(suffix = "") {
  return (args: readonly unknown[]) => `/projects/${projectTarget.parse(args[0]).slug}${suffix}`;
}

/**
 * A management tab's write (`app/projects/[slug]/manage/<tab>/actions.ts`): signing in leads back
 * to `/projects/<slug>/manage<page>`, and success refreshes everything under the project's layout.
 */
export function manageWrite(page = "") {
  return {
    signIn: projectPath(`/manage${page}`),
    revalidate: ([target]: readonly [{ slug: string }, ...unknown[]]): Revalidation[] => [[`/projects/${target.slug}`, "layout"]],
  };
}

export interface ActionContext {
  actor: Actor;
  meta: RequestMeta;
  /** Who and where, as the audit log records it (for services that take it instead of `meta`). */
  audit: AuditContext;
}

export interface PublicActionContext {
  /** The signed-in user, if any: public actions (sign-in, sign-up) work without one. */
  actor: Actor | null;
  meta: RequestMeta;
  audit: AuditContext;
}

/** A path to revalidate after success: "/account", or with its type, ["/projects/x", "layout"]. */
export type Revalidation = string | [path: string, type: "layout" | "page"];

/** What `run` answers: the success message, or the message and data for the form. */
export type ActionSuccess<T> = string | { message: string; data: T };

type Args = z.ZodTuple;

interface Declaration<S extends Args, T, C> {
  /** The action's arguments, each parsed with its shared schema (ids from the page, the form's input). */
  args: S;
  /** Counted per client IP before anything else runs; shares its budget with the API's counter of the same rule. */
  rateLimit?: RateLimitRule;
  /** The service call. Throw typed errors (lib/errors.ts); they become the form's message and field errors. */
  run: (args: z.output<S>, context: C) => Promise<ActionSuccess<T>>;
  revalidate?: Revalidation[] | ((args: z.output<S>, data: T | undefined) => Revalidation[]);
  /** Where the browser goes after success, if anywhere. */
  redirect?: (args: z.output<S>, data: T | undefined) => string | undefined;
  /** Field errors the service names differently from the form: { ownerId: "ownerUsername" }. */
  fieldNames?: Record<string, string>;
}

/** A server action for signed-in users. */
export function portalAction<S extends Args, T = undefined>(
  declaration: Declaration<S, T, ActionContext> & {
    /** Where to come back to after signing in; from the raw arguments, as the parse comes later. */
    signIn: string | ((args: z.input<S>) => string);
  },
): (...args: z.input<S>) => Promise<FormResult<T>> {
  return async (...raw) => {
    const actor = await getPortalActor();
    if (!actor) redirect(`/sign-in?next=${encodeURIComponent(returnPath(declaration.signIn, raw))}`);
    return perform(declaration, raw, actor);
  };
}

/** A server action anyone may call (sign-in, sign-up). */
export function publicAction<S extends Args, T = undefined>(
  declaration: Declaration<S, T, PublicActionContext>,
): (...args: z.input<S>) => Promise<FormResult<T>> {
  return async (...raw) => perform(declaration, raw, await getPortalActor());
}

async function perform<S extends Args, T, C extends PublicActionContext>(
  declaration: Declaration<S, T, C>,
  raw: unknown[],
  actor: C["actor"],
): Promise<FormResult<T>> {
  let result: FormResult<T>;
  let after: string | undefined;
  try {
    const meta = await portalRequestMeta();
    if (declaration.rateLimit && meta.ip) await enforceForAddress(declaration.rateLimit, meta.ip);
    const args = parseArgs(declaration.args, raw, await validationMessages());
    const answer = await declaration.run(args, { actor, meta, audit: auditContext(actor, meta) } as C);
    const { message, data } = typeof answer === "string" ? { message: answer, data: undefined } : answer;
    const paths = typeof declaration.revalidate === "function" ? declaration.revalidate(args, data) : (declaration.revalidate ?? []);
    for (const path of paths) {
      if (typeof path === "string") revalidatePath(path);
      else revalidatePath(path[0], path[1]);
    }
    result = data === undefined ? { ok: true, message } : { ok: true, message, data };
    after = declaration.redirect?.(args, data);
  } catch (error) {
    unstable_rethrow(error);
    // Service and schema messages are English (shared with the API); the reader gets their language.
    const locale = await portalLocale().catch(() => "en");
    return renameFields(formFailure(error, locale), declaration.fieldNames);
  }
  if (after) redirect(after);
  return result;
}

/** zod's own messages in the reader's language (lib/i18n/validation-messages.ts). */
async function validationMessages(): Promise<z.core.$ZodErrorMap> {
  const locale = await portalLocale().catch(() => DEFAULT_LOCALE);
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "common.validation" });
  return validationErrorMap((key, values) => t(key, values));
}

/** Parses the arguments; a field error's path starts inside its argument ("username", not "1.username"). */
function parseArgs<S extends Args>(schema: S, raw: unknown[], error: z.core.$ZodErrorMap): z.output<S> {
  const parsed = schema.safeParse(raw, { error });
  if (parsed.success) return parsed.data;
  throw new z.ZodError(parsed.error.issues.map((issue) => ({ ...issue, path: issue.path.slice(1) })));
}

function returnPath<A>(signIn: string | ((args: A) => string), raw: unknown[]): string {
  if (typeof signIn === "string") return signIn;
  try {
    return signIn(raw as A);
  } catch {
    return "/";
  }
}

function renameFields<T>(failure: FormResult<T>, names: Record<string, string> | undefined): FormResult<T> {
  if (failure.ok || !failure.fieldErrors || !names) return failure;
  const fieldErrors = Object.fromEntries(Object.entries(failure.fieldErrors).map(([field, message]) => [names[field] ?? field, message]));
  return { ...failure, fieldErrors };
}
