import { API_VARY } from "@/lib/http/cache";
import { ifNoneMatchHits } from "@/lib/http/etag";

const HEADERS = { "Cache-Control": "no-store", Vary: API_VARY, ETag: '"ok"' };

// Liveness without dependencies (load balancers; the benchmark's framework floor). Deliberately
// bare: no wrapper, no database, so it costs only what Next.js itself costs. Never stored, like
// every health answer; its validator is constant, as its body is.
export function GET(request: Request) {
  if (ifNoneMatchHits(request.headers.get("if-none-match"), HEADERS.ETag)) return new Response(null, { status: 304, headers: HEADERS });
  return new Response("ok", { headers: { "Content-Type": "text/plain", ...HEADERS } });
}
