/** The launcher's command line: options, usage, and which command runs. */
import path from "node:path";
import { parseArgs } from "node:util";
import { install, list, login, type Options, repair, start, update, verify, versions } from "./commands";
import { UsageError } from "./errors";

const USAGE = `Usage: npm run launcher -- <command> [options]

Commands:
  login                          sign in with a code approved in the portal (device sign-in)
  list                           the projects the launcher offers
  versions <slug>                a project's published versions
  install <slug> <dir>           install into <dir> [--version V] [--channel STABLE|BETA|ALPHA] [--platform os-arch]
  update <dir>                   move to the newest version of the channel [--channel C to switch]
  verify <dir>                   check every installed file (exit 1 naming changed or missing ones)
  repair <dir>                   fetch again only what verify finds broken
  start <dir> [-- args]          start the game in <dir>, exit with its exit code

Every command takes --server URL (default: the install's server, else http://127.0.0.1:3000).`;

/** The commands and how many positional arguments each takes. */
const ARITY: Record<string, number> = { login: 0, list: 0, versions: 1, install: 2, update: 1, verify: 1, repair: 1, start: 1 };

/**
 * A folder as the user typed it. `npm run` starts the launcher in the repository's root and keeps
 * the folder the user was in as INIT_CWD: relative folders are taken from there.
 */
export function folderArgument(folder: string, env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), folder);
}

export async function run(argv: string[]): Promise<number> {
  const dashes = argv.indexOf("--");
  const own = dashes === -1 ? argv : argv.slice(0, dashes);
  const rest = dashes === -1 ? [] : argv.slice(dashes + 1);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(own);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const [command, ...positionals] = parsed.positionals;
  if (parsed.values.help || command === undefined || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined && !parsed.values.help ? 2 : 0;
  }
  if (!(command in ARITY)) throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  if (positionals.length !== ARITY[command]) throw new UsageError(`${command} takes ${ARITY[command]} argument(s).\n\n${USAGE}`);
  if (rest.length > 0 && command !== "start") throw new UsageError("Only start passes arguments after --.");
  const options: Options = { ...parsed.values, rest };
  switch (command) {
    case "login":
      return login(options);
    case "list":
      return list(options);
    case "versions":
      return versions(positionals[0], options);
    case "install":
      return install(positionals[0], folderArgument(positionals[1]), options);
    case "update":
      return update(folderArgument(positionals[0]), options);
    case "verify":
      return verify(folderArgument(positionals[0]));
    case "repair":
      return repair(folderArgument(positionals[0]), options);
    default:
      return start(folderArgument(positionals[0]), options);
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      server: { type: "string" },
      version: { type: "string" },
      channel: { type: "string" },
      platform: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
