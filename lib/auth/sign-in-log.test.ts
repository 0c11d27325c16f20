import { Auth } from "@auth/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser } from "../testing/factories";
import { authConfig } from "./next-auth";

const BASE = "http://127.0.0.1:3000/api/auth";

/** Every line the process writes to its console while `run` runs, with the level it used. */
async function captureConsole(run: () => Promise<void>) {
  const lines: { level: string; text: string }[] = [];
  for (const level of ["error", "warn", "info", "log", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push({ level, text: args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" ") });
    });
  }
  await run();
  return lines;
}

/** A credentials sign-in through Auth.js as the portal's sign-in form makes it: CSRF token, then the callback. */
async function signInThroughAuthJs(login: string, password: string) {
  const csrf = await Auth(new Request(`${BASE}/csrf`), authConfig);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const body = new URLSearchParams({ csrfToken, login, password, callbackUrl: "/" });
  return Auth(
    new Request(`${BASE}/callback/credentials`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.77.0.1" },
      body,
    }),
    authConfig,
  );
}

describe("the server log of a refused sign-in", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is one info line without a stack trace: a wrong password is an expected event", async () => {
    const user = await createUser();
    let response: Response | undefined;
    const lines = await captureConsole(async () => {
      response = await signInThroughAuthJs(user.username, "not the password at all");
    });
    // Auth.js answers the refusal (a redirect back to the sign-in page with the error).
    expect(response!.headers.get("location")).toContain("error=CredentialsSignin");
    expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    expect(lines.length).toBeLessThanOrEqual(1);
    expect(lines.map((line) => line.text).join("\n")).not.toMatch(/\n\s+at /);
  });
});
