/**
 * The reference launcher: `npm run launcher -- <command>` (docs/launcher.md, "Reference
 * launcher"). A client of the public API only: it imports Node's built-ins, yauzl and
 * canonicalize, never the server's code (scripts/launcher/imports.test.ts).
 */
import { run } from "./cli";
import { LauncherError } from "./errors";

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof LauncherError) {
    process.stderr.write(`launcher: ${error.message}\n`);
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(`launcher: unexpected error\n${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 70;
  }
}
