"use client";

import { useRouter } from "next/navigation";
import type { FocusEvent, MouseEvent } from "react";

/** What decides whether a click on a link is the app's to handle: the click and the link. */
export interface LinkClick {
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}
export interface LinkTarget {
  origin: string;
  target: string;
  download: boolean;
}

/** A link the app navigates to itself: one of its own pages, in this window. */
export function isAppLink(link: LinkTarget, appOrigin: string): boolean {
  return link.origin === appOrigin && (link.target === "" || link.target === "_self") && !link.download;
}

/** A click the app handles: a plain left click (or Enter on the link) that nothing handled before. */
export function isPlainClick(click: LinkClick): boolean {
  return !click.defaultPrevented && click.button === 0 && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey;
}

/** The link an event happened in, if it is one of the app's own links inside the list. */
function appLink(event: { target: EventTarget; currentTarget: HTMLElement }): HTMLAnchorElement | null {
  const anchor = (event.target as Element).closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  return isAppLink({ origin: anchor.origin, target: anchor.target, download: anchor.hasAttribute("download") }, window.location.origin)
    ? anchor
    : null;
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
 * to another site, to another window or a download is left to the browser; the page behind a link
 * is prefetched when the pointer or the keyboard focus reaches it. Before the page is hydrated the
 * links work as ordinary links.
 */
export function useListNavigation() {
  const router = useRouter();
  return {
    onClick(event: MouseEvent<HTMLElement>) {
      if (!isPlainClick(event)) return;
      const anchor = appLink(event);
      if (!anchor) return;
      event.preventDefault();
      router.push(pathOf(anchor));
    },
    onMouseOver(event: MouseEvent<HTMLElement>) {
      const anchor = appLink(event);
      // mouseover fires again for every element inside the link the pointer crosses: once is enough.
      if (anchor && !(event.relatedTarget instanceof Node && anchor.contains(event.relatedTarget))) router.prefetch(pathOf(anchor));
    },
    onFocus(event: FocusEvent<HTMLElement>) {
      const anchor = appLink(event);
      if (anchor) router.prefetch(pathOf(anchor));
    },
  };
}
