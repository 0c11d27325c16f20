import { AuthError } from "next-auth";

/**
 * Auth.js' log, with expected events kept quiet: a refused credentials sign-in (wrong password,
 * rate limit, second factor needed) is one info line without a stack trace or the login tried.
 * Everything else is logged as Auth.js does, as an error with its stack.
 */
export const authLogger = {
  error(error: Error) {
    if (error instanceof AuthError && error.type === "CredentialsSignin") {
      const code = "code" in error && typeof error.code === "string" ? error.code : "credentials";
      console.info(`[auth] sign-in refused (${code})`);
      return;
    }
    console.error(
      `[auth][error] ${error instanceof AuthError ? error.type : error.name}: ${error.message}`,
      error.cause ?? "",
      error.stack ?? "",
    );
  },
  warn(code: string) {
    console.warn(`[auth][warn] ${code}`);
  },
  debug() {},
};
