import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import serverDe from "./server-messages/de.json";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

/** Every German message with its English original: the portal's catalogue by key, the services' messages by their English text. */
const PAIRS: { where: string; english: string; german: string }[] = [
  ...leaves(MESSAGES.de as unknown as Tree).map(([key, german]) => ({
    where: key,
    english: new Map(leaves(MESSAGES.en as unknown as Tree)).get(key) ?? "",
    german,
  })),
  ...Object.entries(serverDe as Record<string, string>).map(([english, german]) => ({ where: `server: ${english}`, english, german })),
];

/** The English noun "release(s)", "pre-release(s)" included ("released" is a verb, "RELEASE" a code the German keeps). */
const RELEASE = /\b[Rr]eleases?\b/;
/** Where English uses "release" as the verb: a reviewer releases their claim on a review. */
const RELEASE_THE_VERB = new Set(["review.decision.release"]);

/**
 * German names a project's releases one way, "Release" (plural "Releases"), as the manage tab, the
 * editor and the review do: the final walk of issue 30 found "Versionen und Downloads" in the
 * module and permission labels beside "Releases" everywhere else. "Version" stays for a release's
 * version number ("Version 1.2.0", the Version field).
 */
describe("German terminology", () => {
  it("says Release wherever English says release", () => {
    const astray = PAIRS.filter(
      ({ where, english, german }) => RELEASE.test(english) && !RELEASE_THE_VERB.has(where) && !/Release/.test(german),
    );
    expect(astray.map(({ where, german }) => `${where} → ${german}`)).toEqual([]);
  });

  it('never calls releases "Versionen": the singular "Version" is a version number', () => {
    const plural = PAIRS.filter(({ german }) => /versionen\b/i.test(german));
    expect(plural.map(({ where, german }) => `${where} → ${german}`)).toEqual([]);
  });

  it("keeps the exception for the verb true", () => {
    for (const key of RELEASE_THE_VERB) {
      const pair = PAIRS.find(({ where }) => where === key);
      expect(pair?.english, key).toMatch(RELEASE);
    }
  });
});
