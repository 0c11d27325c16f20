import { NextResponse, type NextRequest } from "next/server";
import { refuseActionBody } from "./lib/portal/action-body";

/**
 * Gives every HTML response a Content-Security-Policy with a fresh nonce; Next.js puts the
 * nonce on its own scripts. Refuses a POST to a page whose server-action arguments React could
 * not decode (lib/portal/action-body.ts). Access control is never decided here: services do that.
 */
export async function proxy(request: NextRequest) {
  if (request.method === "POST") {
    const refusal = await refuseActionBody(request);
    if (refusal) return refusal;
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const development = process.env.NODE_ENV === "development";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // React and Next set style attributes (e.g. the route announcer); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data: blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" }],
};
