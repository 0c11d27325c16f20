/**
 * Next.js calls register() once when the server process starts: the background work of an instance
 * that does not wait for a request starts here. Today that is the webhook dispatcher
 * (lib/webhooks/dispatcher.ts; WEBHOOKS_DISPATCHER=off leaves it off) and the retention job
 * (lib/privacy/retention.ts; RETENTION_JOB=off leaves it off). With UNTRANSLATED_MESSAGES_LOG set (the
 * browser tests), every English server message shown to a reader of another language is written
 * there, one per line (lib/i18n/server-messages).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const untranslatedLog = process.env.UNTRANSLATED_MESSAGES_LOG;
  if (untranslatedLog) {
    const [{ appendFileSync }, { setUntranslatedReporter }] = await Promise.all([
      import("node:fs"),
      import("./lib/i18n/server-messages/untranslated"),
    ]);
    setUntranslatedReporter((message, locale) => appendFileSync(untranslatedLog, `${locale}: ${JSON.stringify(message)}\n`));
  }
  const { startWebhookDispatcher } = await import("./lib/webhooks/dispatcher");
  startWebhookDispatcher();
  const { startRetentionJob } = await import("./lib/privacy/retention");
  startRetentionJob();
}
