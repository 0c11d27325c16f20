/**
 * Next.js calls register() once when the server process starts: the background work of an instance
 * that does not wait for a request starts here. Today that is the webhook dispatcher
 * (lib/webhooks/dispatcher.ts; WEBHOOKS_DISPATCHER=off leaves it off) and the retention job
 * (lib/privacy/retention.ts; RETENTION_JOB=off leaves it off).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startWebhookDispatcher } = await import("./lib/webhooks/dispatcher");
  startWebhookDispatcher();
  const { startRetentionJob } = await import("./lib/privacy/retention");
  startRetentionJob();
}
