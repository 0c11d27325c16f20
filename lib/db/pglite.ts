import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * Opens an embedded PGlite database with the extensions that the migrations create: pg_trgm, for
 * the trigram indexes of staff user search (prisma/migrations/*_staff_search_trigram). Every
 * place that opens PGlite goes through here, or those migrations would fail on it.
 */
export function openPGlite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { ...options.extensions, pg_trgm } });
}
