// Liveness without dependencies (load balancers; the benchmark's framework floor). Deliberately
// bare: no wrapper, no database, so it costs only what Next.js itself costs.
export function GET() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
