import { describe, expect, it } from "vitest";
import { assertAcceptablePassword, commonPasswordCount } from "./password-policy";

describe("the common-password check", () => {
  it("knows a real list of at least 10,000 common passwords", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  // The first ones were in the old 110-word list too; the others are beyond it.
  it.each([
    "password",
    "qwerty123",
    "iloveyou1",
    "Sunshine1",
    "PASSWORD1",
    "jennifer",
    "q1w2e3r4t5",
    "liverpool",
    "asdfghjkl",
    "qazwsxedc",
    "blessed1",
  ])("refuses %j", (password) => {
    expect(() => assertAcceptablePassword(password)).toThrow(
      expect.objectContaining({ status: 400, errors: [{ path: "password", message: "This password is too common. Choose another." }] }),
    );
  });

  it.each(["jennifer", "q1w2e3r4t5", "qazwsxedc"])("refuses %j at registration, beyond the old short list", async (password) => {
    const { registerUser } = await import("../users/service");
    const { testMeta, unique } = await import("../testing/factories");
    const name = unique();
    await expect(
      registerUser({ username: name, email: `${name}@example.test`, password, displayName: name }, testMeta()),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("accepts a good passphrase", () => {
    expect(() => assertAcceptablePassword("violet kettle under a seventh moon")).not.toThrow();
  });
});
