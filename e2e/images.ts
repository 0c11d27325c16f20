import type { Page } from "@playwright/test";

/** A 1x1 PNG, for the browser tests that upload a picture (avatar, logo, banner). */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bf0000000049454e44ae426082",
  "hex",
);

/** Drops a PNG on an element (a selector), as a file dragged from the desktop. */
export async function dropImage(page: Page, selector: string, name: string) {
  const transfer = await page.evaluateHandle(
    ({ bytes, name }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }));
      return data;
    },
    { bytes: [...PNG], name },
  );
  await page.dispatchEvent(selector, "dragover", { dataTransfer: transfer });
  await page.dispatchEvent(selector, "drop", { dataTransfer: transfer });
}
