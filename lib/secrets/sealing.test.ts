import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { macKeys, needsResealing, seal, unseal } from "./sealing";

const TOTP = { purpose: "totp-secret", subject: "user-1" };
const OLD_SECRET = "an-older-secret-an-older-secret-0123456789";
const NEW_SECRET = "the-newer-secret-the-newer-secret-0123456789";
const testSecret = process.env.AUTH_SECRET;

afterEach(() => {
  process.env.AUTH_SECRET = testSecret;
  delete process.env.AUTH_SECRET_PREVIOUS;
});

/** `sealed` with one real bit of its `index`-th dot-separated part changed (in the decoded bytes, not a padding bit of the text). */
function flipBit(sealed: string, index: number, byte: "first" | "last"): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[byte === "first" ? 0 : bytes.length - 1]! ^= 1;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

/** A TOTP secret sealed the way it was before v2 (lib/auth/two-factor.ts until issue 23). */
function legacySeal(plaintext: string, secret = process.env.AUTH_SECRET!): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", createHash("sha256").update(`totp-secret:${secret}`).digest(), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(":");
}

describe("seal and unseal", () => {
  it("round-trips, with a fresh nonce each time and nothing of the plaintext visible", () => {
    for (const plaintext of ["JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "https://example.test/reset?token=äöü €", ""]) {
      const sealed = seal(plaintext, TOTP);
      expect(sealed).toMatch(/^v2\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/);
      if (plaintext) expect(sealed).not.toContain(plaintext);
      expect(seal(plaintext, TOTP)).not.toBe(sealed);
      expect(unseal(sealed, TOTP)).toBe(plaintext);
      expect(needsResealing(sealed)).toBe(false);
    }
  });

  it("opens only for the purpose and subject it was sealed for", () => {
    const sealed = seal("secret", TOTP);
    expect(unseal(sealed, { ...TOTP, subject: "user-2" })).toBeNull();
    expect(unseal(sealed, { ...TOTP, purpose: "outbox-secret" })).toBeNull();
    // Purpose and subject are kept apart: moving characters between them is another context.
    expect(unseal(seal("secret", { purpose: "a", subject: "bc" }), { purpose: "ab", subject: "c" })).toBeNull();
    expect(() => seal("secret", { ...TOTP, subject: "" })).toThrow();
    expect(() => unseal(sealed, { purpose: "", subject: "user-1" })).toThrow();
  });

  it("refuses a changed bit in the nonce, the tag or the ciphertext, and another key id", () => {
    const sealed = seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", TOTP);
    for (const index of [2, 3, 4]) {
      for (const byte of ["first", "last"] as const) {
        const tampered = flipBit(sealed, index, byte);
        expect(tampered).not.toBe(sealed);
        expect(unseal(tampered, TOTP)).toBeNull();
      }
    }
    const parts = sealed.split(".");
    expect(unseal([parts[0], "00000000", ...parts.slice(2)].join("."), TOTP)).toBeNull();
  });

  it("refuses a shortened tag (the decipher's tag length is fixed at 16 bytes)", () => {
    const parts = seal("secret", TOTP).split(".");
    const tag = Buffer.from(parts[3]!, "base64url");
    for (const length of [15, 12, 8, 4, 0]) {
      const truncated = [...parts.slice(0, 3), tag.subarray(0, length).toString("base64url"), parts[4]].join(".");
      expect(unseal(truncated, TOTP)).toBeNull();
    }
  });

  it("answers null for values it did not make", () => {
    for (const garbage of ["", "v2", "v2....", "v3.00000000.a.b.c", "v2.00000000.!!.??.**", "plain text", "v1:x:y:z", "v1:::"]) {
      expect(unseal(garbage, TOTP)).toBeNull();
    }
  });
});

describe("rotating AUTH_SECRET", () => {
  it("opens values of a previous secret while it is in AUTH_SECRET_PREVIOUS, and asks to reseal them", () => {
    process.env.AUTH_SECRET = OLD_SECRET;
    const old = seal("secret", TOTP);
    const oldKeyId = old.split(".")[1];

    process.env.AUTH_SECRET = NEW_SECRET;
    expect(unseal(old, TOTP)).toBeNull();
    process.env.AUTH_SECRET_PREVIOUS = `another-retired-secret-0123456789abcdef, ${OLD_SECRET}`;
    expect(unseal(old, TOTP)).toBe("secret");
    expect(unseal(old, { ...TOTP, subject: "user-2" })).toBeNull();
    expect(needsResealing(old)).toBe(true);

    const resealed = seal(unseal(old, TOTP)!, TOTP);
    expect(resealed.split(".")[1]).not.toBe(oldKeyId);
    expect(needsResealing(resealed)).toBe(false);
    delete process.env.AUTH_SECRET_PREVIOUS;
    expect(unseal(resealed, TOTP)).toBe("secret");
  });

  it("refuses a short previous secret", () => {
    const sealed = seal("secret", TOTP);
    process.env.AUTH_SECRET_PREVIOUS = "short";
    expect(() => unseal(sealed, TOTP)).toThrow(/AUTH_SECRET_PREVIOUS/);
  });
});

describe("v1 TOTP seals (before issue 23)", () => {
  it("still open for the TOTP purpose only, also with a previous secret, and always need resealing", () => {
    const legacy = legacySeal("JBSWY3DPEHPK3PXP");
    expect(unseal(legacy, TOTP)).toBe("JBSWY3DPEHPK3PXP");
    // v1 bound no subject: any user id opens it, which is why it is resealed at the next use.
    expect(unseal(legacy, { ...TOTP, subject: "user-2" })).toBe("JBSWY3DPEHPK3PXP");
    expect(unseal(legacy, { purpose: "outbox-secret", subject: "user-1" })).toBeNull();
    expect(needsResealing(legacy)).toBe(true);

    const [version, ...parts] = legacy.split(":");
    for (let part = 0; part < parts.length; part++) {
      const bytes = Buffer.from(parts[part]!, "base64url");
      bytes[0]! ^= 1;
      const tampered = [version, ...parts.map((value, index) => (index === part ? bytes.toString("base64url") : value))].join(":");
      expect(unseal(tampered, TOTP)).toBeNull();
    }

    process.env.AUTH_SECRET = NEW_SECRET;
    expect(unseal(legacy, TOTP)).toBeNull();
    process.env.AUTH_SECRET_PREVIOUS = testSecret;
    expect(unseal(legacy, TOTP)).toBe("JBSWY3DPEHPK3PXP");
  });
});

describe("MAC keys", () => {
  it("derives one key per purpose and secret, the current one first, named like the sealing key", () => {
    process.env.AUTH_SECRET_PREVIOUS = OLD_SECRET;
    const [current, previous] = macKeys("recovery-code");
    expect(current!.id).toBe(seal("x", TOTP).split(".")[1]);
    expect(previous!.id).not.toBe(current!.id);
    expect(current!.key).toHaveLength(32);
    expect(macKeys("recovery-code")[0]!.key.equals(current!.key)).toBe(true);
    expect(macKeys("other")[0]!.key.equals(current!.key)).toBe(false);
  });
});
