import { describe, expect, it } from "vitest";
import { isAppLink, isPlainClick, type LinkClick } from "./list-navigation";

/** Which clicks and links useListNavigation takes over; everything else stays the browser's. */
const APP = "https://portal.example";
const plain: LinkClick = { button: 0, defaultPrevented: false, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe("a click the list handles", () => {
  it("is a plain left click", () => {
    expect(isPlainClick(plain)).toBe(true);
  });

  it.each([
    ["a middle click", { button: 1 }],
    ["a right click", { button: 2 }],
    ["Cmd+click (new tab on macOS)", { metaKey: true }],
    ["Ctrl+click (new tab)", { ctrlKey: true }],
    ["Shift+click (new window)", { shiftKey: true }],
    ["Alt+click (download)", { altKey: true }],
    ["a click an inner handler already handled", { defaultPrevented: true }],
  ])("is not %s", (_, change) => {
    expect(isPlainClick({ ...plain, ...change })).toBe(false);
  });
});

describe("a link the list navigates to itself", () => {
  it("is one of the app's pages, in this window", () => {
    expect(isAppLink({ origin: APP, target: "", download: false }, APP)).toBe(true);
    expect(isAppLink({ origin: APP, target: "_self", download: false }, APP)).toBe(true);
  });

  it.each([
    ["on another site", { origin: "https://elsewhere.example", target: "", download: false }],
    ["on the same host over another scheme", { origin: "http://portal.example", target: "", download: false }],
    ["opening another window", { origin: APP, target: "_blank", download: false }],
    ["a download", { origin: APP, target: "", download: true }],
  ])("is not a link %s", (_, link) => {
    expect(isAppLink(link, APP)).toBe(false);
  });
});
