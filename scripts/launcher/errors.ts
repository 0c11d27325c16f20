/**
 * The one error the launcher shows to its user: a sentence saying what went wrong and what to do,
 * and the exit code. Anything else that escapes a command is a bug and prints its stack.
 */
export class LauncherError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "LauncherError";
  }
}

/** A command line the launcher does not understand (exit code 2). */
export class UsageError extends LauncherError {
  constructor(message: string) {
    super(message, 2);
  }
}

/** Turns the operating system's "no space left" into a sentence, keeping everything else as it is. */
export function explainFileError(error: unknown, where: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT")
    return new LauncherError(`The disk is full: could not write ${where}. Free some space and run the command again (downloads resume).`);
  if (code === "EACCES" || code === "EPERM") return new LauncherError(`No permission to write ${where}.`);
  return error;
}
