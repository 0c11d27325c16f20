import createNextIntlPlugin from "next-intl/plugin";

const root = import.meta.dirname;
/**
 * The largest body a portal page takes: a server action's form. The largest the portal posts is
 * an avatar upload (5 MiB, MAX_AVATAR_BYTES in lib/users/schemas.ts: a phone's photo) with its
 * multipart framing and fields; release files go to the API as a stream. scripts/serve.mjs
 * enforces it at the door.
 */
export const SERVER_ACTION_MAX_BYTES = 6 * 1024 * 1024;
// The portal's language per request (user setting, cookie, Accept-Language): lib/i18n/locales.ts.
const withNextIntl = createNextIntlPlugin("./lib/portal/i18n-request.ts");

/**
 * Headers for every response; the CSP of HTML pages (with its per-request nonce) is set in proxy.ts.
 * scripts/serve.mjs sends the same on the answers it gives without Next.js.
 */
export const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  ...((process.env.PUBLIC_URL ?? "").startsWith("https://")
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
    : []),
];

/** Headers for every API response, besides securityHeaders. */
export const apiHeaders = [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root },
  outputFileTracingRoot: root,
  // The build type-checks the app; the tests (and the client that one of them generates) are
  // type-checked by `npm run typecheck`, so a build never depends on which test ran first.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  experimental: {
    serverActions: {
      bodySizeLimit: SERVER_ACTION_MAX_BYTES,
      ...(process.env.PUBLIC_URL ? { allowedOrigins: [new URL(process.env.PUBLIC_URL).host] } : {}),
    },
  },
  serverExternalPackages: ["@node-rs/argon2", "@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "ioredis"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: apiHeaders },
    ];
  },
};

export default withNextIntl(nextConfig);
