import http from "node:http";
import https from "node:https";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { guardedLookup } from "./target";
import { refusedUrl } from "./target-rules";

/** How long a receiver has to answer, and how much of its answer is read and kept. */
export const SEND_TIMEOUT_MS = Number(process.env.WEBHOOKS_TIMEOUT_MS ?? 10_000);
const READ_LIMIT_BYTES = 64 * 1024;
export const KEPT_RESPONSE_CHARS = 2048;

/** What a delivery sends: Standard Webhooks' body `{type, timestamp, data}`, `data` being the event. */
export interface OutgoingEvent {
  id: string;
  type: string;
  occurredAt: Date;
  projectId: string | null;
  actorId: string | null;
  data: unknown;
}

export interface SendResult {
  ok: boolean;
  responseStatus: number | null;
  /** The start of the response body, or what went wrong. */
  responseBody: string;
  durationMs: number;
}

export function deliveryBody(event: OutgoingEvent, sentAt: Date): string {
  return JSON.stringify({
    type: event.type,
    timestamp: sentAt.toISOString(),
    data: {
      id: event.id,
      type: event.type,
      occurredAt: event.occurredAt.toISOString(),
      projectId: event.projectId,
      actorId: event.actorId,
      data: event.data,
    },
  });
}

/**
 * The Standard Webhooks headers of a delivery: `webhook-id` is the event id (the same on every
 * attempt, so receivers can drop repeats), `webhook-signature` is `v1,` and the base64 HMAC-SHA256
 * of `id.timestamp.body` under the webhook's secret (`whsec_...`), made by the specification's own
 * library.
 */
export function signedHeaders(secret: string, eventId: string, sentAt: Date, body: string): Record<string, string> {
  const signature = new StandardWebhook(secret).sign(eventId, sentAt, body);
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

/**
 * POSTs one delivery: no redirects followed (a 3xx is a failure), 10 s for the whole answer, at
 * most 64 KiB of it read (2 KiB kept), the target checked again before connecting and at the
 * connection's DNS lookup (lib/webhooks/target.ts). A 2xx succeeds; anything else fails.
 */
export async function sendDelivery(url: string, secret: string, event: OutgoingEvent): Promise<SendResult> {
  const started = Date.now();
  const refused = refusedUrl(url);
  if (refused) return { ok: false, responseStatus: null, responseBody: `Not sent: ${refused}`, durationMs: 0 };
  const sentAt = new Date();
  const body = deliveryBody(event, sentAt);
  const headers = {
    "content-type": "application/json",
    "user-agent": "pums-webhooks/1",
    ...signedHeaders(secret, event.id, sentAt, body),
  };
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: Date.now() - started });
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
        lookup: guardedLookup,
        timeout: SEND_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read <= READ_LIMIT_BYTES) chunks.push(chunk);
          else response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          finish({
            ok: status >= 200 && status < 300,
            responseStatus: status,
            responseBody: Buffer.concat(chunks).toString("utf8").slice(0, KEPT_RESPONSE_CHARS),
          });
        };
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${SEND_TIMEOUT_MS / 1000} s.`)), SEND_TIMEOUT_MS);
    deadline.unref();
    request.on("timeout", () => request.destroy(new Error(`No answer within ${SEND_TIMEOUT_MS / 1000} s.`)));
    request.on("error", (error) => finish({ ok: false, responseStatus: null, responseBody: error.message.slice(0, KEPT_RESPONSE_CHARS) }));
    request.on("close", () => clearTimeout(deadline));
    request.end(body);
  });
}
