"use client";

import { useRouter } from "next/navigation";
import type { FocusEvent, MouseEvent } from "react";

/** The link an event happened in, if it is one of this app's pages inside `container`. */
function appLink(event: { target: EventTarget; currentTarget: HTMLElement }): HTMLAnchorElement | null {
  const anchor = (event.target as Element).closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if (anchor.origin !== window.location.origin || anchor.target || anchor.hasAttribute("download")) return null;
  return anchor;
}

const pathOf = (anchor: HTMLAnchorElement) => anchor.pathname + anchor.search + anchor.hash;

/**
 * Client-side navigation for the plain `<a href>` links of a long list, with one handler on the
 * list instead of a `next/link` per link: on the server each `Link` costs about as much as the
 * rest of its row (hooks, a context provider, three closures), and My projects has two per row
 * (docs/performance.md). Spread the result on the list's element.
 *
 * What `next/link` does that matters here is kept: a plain left click (also Enter on a focused
 * link) navigates without reloading the page; a click with a modifier key, a middle click, a link
 * to another site, with a target or a download is left to the browser; the page behind a link is
 * prefetched when the pointer or the keyboard focus reaches it. Before the page is hydrated the
 * links work as ordinary links.
 */
export function useListNavigation() {
  const router = useRouter();
  return {
    onClick(event: MouseEvent<HTMLElement>) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = appLink(event);
      if (!anchor) return;
      event.preventDefault();
      router.push(pathOf(anchor));
    },
    onMouseOver(event: MouseEvent<HTMLElement>) {
      const anchor = appLink(event);
      if (anchor) router.prefetch(pathOf(anchor));
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      const anchor = appLink(event);
      if (anchor) router.prefetch(pathOf(anchor));
    },
  };
}
