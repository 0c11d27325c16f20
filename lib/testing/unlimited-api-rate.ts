/**
 * Imported first by a table test whose callers each make about a thousand calls within a minute:
 * the per-caller API limit (1,200 a minute, read when lib/rate-limit loads) is not what such a
 * table checks. It must come before any import that loads lib/rate-limit.
 */
process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
