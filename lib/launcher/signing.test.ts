/** Reading LAUNCHER_SIGNING_KEY(_PREVIOUS) (lib/launcher/signing.ts): what an unusable key says. */
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateSigningKey, launcherKeyring } from "./signing";

const rsaKey = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");

/** The environment launcherKeyring reads, with just these variables. */
const env = (variables: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...variables });

describe("launcherKeyring", () => {
  it("reads the current key and the earlier ones, each published once", () => {
    const current = generateSigningKey();
    const earlier = generateSigningKey();
    const keyring = launcherKeyring(env({ LAUNCHER_SIGNING_KEY: current, LAUNCHER_SIGNING_KEY_PREVIOUS: `${earlier}, ${current}` }));
    expect(keyring.keys.map((key) => key.keyId)).toEqual([keyring.current.published.keyId, expect.any(String)]);
  });

  it("names the variable whose key cannot be read", () => {
    expect(() => launcherKeyring(env({ LAUNCHER_SIGNING_KEY: "not a key" }))).toThrow(
      "LAUNCHER_SIGNING_KEY is not an Ed25519 private key (base64 PKCS#8 DER or PEM).",
    );
    expect(() => launcherKeyring(env({ LAUNCHER_SIGNING_KEY: generateSigningKey(), LAUNCHER_SIGNING_KEY_PREVIOUS: "not a key" }))).toThrow(
      "LAUNCHER_SIGNING_KEY_PREVIOUS holds a key that is not an Ed25519 key (base64 PKCS#8 or SPKI DER, or PEM).",
    );
  });

  it("refuses a key of another type, naming the variable", () => {
    expect(() => launcherKeyring(env({ LAUNCHER_SIGNING_KEY: rsaKey }))).toThrow(
      "LAUNCHER_SIGNING_KEY is a rsa key; the launcher signs with Ed25519.",
    );
    expect(() => launcherKeyring(env({ LAUNCHER_SIGNING_KEY: generateSigningKey(), LAUNCHER_SIGNING_KEY_PREVIOUS: rsaKey }))).toThrow(
      "LAUNCHER_SIGNING_KEY_PREVIOUS is a rsa key; the launcher signs with Ed25519.",
    );
  });
});
