/** A portal page the benchmark measures against the floor page: `name` is how BENCH_PAGES names it. */
export interface BenchPage {
  name: string;
  label: string;
  target: string;
  signedIn: boolean;
}

/** The floor of the portal pages: a no-op server component page, anonymous. */
export const FLOOR_PAGE = { target: "/ping", signedIn: false };
export const SIGNED_IN_FLOOR = "no-op page, signed in `/ping`";
// p1 is published and PUBLIC in the seed; the search names a project like a visitor would.
export const PAGES: readonly BenchPage[] = [
  { name: "directory", label: "directory, first page `/projects`", target: "/projects", signedIn: false },
  { name: "search", label: "directory search `/projects?q=Project 4711`", target: "/projects?q=Project%204711", signedIn: false },
  { name: "project", label: "project page `/projects/bench-1`", target: "/projects/bench-1", signedIn: false },
  // The same no-op page for the signed-in user: the header (account menu, notifications) is theirs.
  { name: "ping-signed-in", label: SIGNED_IN_FLOOR, target: "/ping", signedIn: true },
  { name: "my-projects", label: "My projects (user on 20 teams) `/my-projects`", target: "/my-projects", signedIn: true },
];

/**
 * The pages `filter` names (BENCH_PAGES: names separated by commas), in the benchmark's order;
 * every page when it is empty or unset. An unknown name is an error, so that a typo never
 * measures nothing.
 */
export function pagesToMeasure(filter: string | undefined): readonly BenchPage[] {
  const names = (filter ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return PAGES;
  const unknown = names.filter((name) => !PAGES.some((page) => page.name === name));
  if (unknown.length)
    throw new Error(`BENCH_PAGES: no page named ${unknown.join(", ")} (the pages: ${PAGES.map((page) => page.name).join(", ")})`);
  return PAGES.filter((page) => names.includes(page.name));
}
