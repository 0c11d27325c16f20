import { describe, expect, it } from "vitest";
import { formatBytes } from "./format";

describe("formatBytes", () => {
  it("speaks English", () => {
    expect([0, 1, 500, 1536, 15 * 1024, 3 * 1024 ** 3, 5000 * 1024 ** 4].map((bytes) => formatBytes(bytes, "en"))).toEqual([
      "0 bytes",
      "1 byte",
      "500 bytes",
      "1.5 KiB",
      "15 KiB",
      "3.0 GiB",
      "5,000 TiB",
    ]);
  });

  it("speaks German: its word for bytes and its digits", () => {
    // Intl's German puts a no-break space before "Byte" in some numbers; the words are what matter here.
    const shown = [1, 500, 1536, 15 * 1024, 5000 * 1024 ** 4].map((bytes) => formatBytes(bytes, "de").replace(/\u00a0/g, " "));
    expect(shown).toEqual(["1 Byte", "500 Byte", "1,5 KiB", "15 KiB", "5.000 TiB"]);
  });
});
