import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./redirect-target";

const ORIGIN = "https://pums.example";

describe("the redirect target after sign-in", () => {
  it.each([
    // `?next=/%09/evil.example` arrives decoded: URL parsers drop the tab and see `//evil.example`.
    [new URLSearchParams("next=/%09/evil.example").get("next")!],
    ["/\t/evil.example"],
    ["/\r\n/evil.example"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["https://evil.example/account"],
    ["http://pums.example/account"],
    ["javascript:alert(1)"],
    ["data:text/html,hi"],
    [" //evil.example"],
    ["/\n/evil.example"],
    ["//pums.example@evil.example"],
    [""],
    [undefined],
  ])("refuses %j and falls back to /account", (next) => {
    expect(safeRedirectTarget(next, ORIGIN)).toBe("/start");
  });

  it.each([
    ["/projects?q=a#top", "/projects?q=a#top"],
    ["/account", "/account"],
    ["https://pums.example/my-projects", "/my-projects"],
    ["projects", "/projects"],
    // Still encoded, it is only a path on our own site.
    ["/%09/evil.example", "/%09/evil.example"],
    // A scheme-relative path of our own scheme is a path too (as browsers read it).
    ["https:evil.example", "/evil.example"],
  ])("keeps the same-origin %j as the path %j", (next, expected) => {
    expect(safeRedirectTarget(next, ORIGIN)).toBe(expected);
  });
});
