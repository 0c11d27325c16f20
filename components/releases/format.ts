const BINARY_UNITS = ["KiB", "MiB", "GiB", "TiB"];

/**
 * 1536 -> "1.5 KiB" (German: "1,5 KiB"), 500 -> "500 bytes" ("500 Byte"): sizes as the Files tab and
 * the project page show them, with the reader's digits and word for bytes (the binary unit symbols
 * are the same in every language, and Intl has no unit for them).
 */
export function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024) return new Intl.NumberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "long" }).format(bytes);
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < BINARY_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${BINARY_UNITS[unit]}`;
}
