/**
 * Undoing a rejection (docs/applications.md, "Undoing a rejection"): for a while after the
 * decision, a decider may put a REJECTED application back to PENDING. Pure, so the portal's
 * Reopen button and the service ask the same question.
 */

/** How long after a rejection it may be reopened. */
export const REOPEN_WINDOW_MINUTES = 15;

const WINDOW_MS = REOPEN_WINDOW_MINUTES * 60_000;

/** Until when a rejection decided at `decidedAt` may be reopened. */
export function reopenableUntil(decidedAt: Date | string): Date {
  return new Date(new Date(decidedAt).getTime() + WINDOW_MS);
}

/** Whether the application is a rejection still inside the window at `now`. */
export function isReopenable(application: { status: string; decidedAt: Date | string | null }, now: Date = new Date()): boolean {
  return application.status === "REJECTED" && application.decidedAt !== null && now < reopenableUntil(application.decidedAt);
}
