import { connection } from "next/server";

/**
 * A page that does nothing but render inside the portal's layout, on every request: the floor
 * that the benchmark measures portal pages against (as /api/ping is for route handlers).
 */
export default async function PingPage() {
  await connection();
  return <p className="text-sm text-slate-600">The portal is up.</p>;
}
