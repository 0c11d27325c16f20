"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

/**
 * A disclosure menu (WAI-ARIA "disclosure navigation"): a button that shows and hides a panel of
 * links. Escape closes it and gives the focus back to the button; a click outside or moving to
 * another page closes it too.
 *
 * The panel is rendered only while it is open: every page has two or three menus in its header
 * (the staff menu, the account menu, the main links below 768 px), and rendering their hidden
 * links to HTML made up a good part of what a signed-in page costs (docs/performance.md). Its
 * children still come with the page's RSC payload, ready for when it opens.
 */
export function Menu({
  button,
  label,
  align = "right",
  className,
  children,
}: {
  /** What the button shows (text, an avatar). */
  button: ReactNode;
  /** The button's accessible name, when `button` is not text. */
  label?: string;
  align?: "left" | "right";
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Moving to another page closes the menu, in the render that shows the new page.
  const pathname = usePathname();
  const [shownOn, setShownOn] = useState(pathname);
  if (pathname !== shownOn) {
    setShownOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={`relative ${className ?? ""}`}>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        {/* The name as hidden text rather than aria-label: an avatar's initials are visible but not
            part of the name, which axe's label-content-name-mismatch refuses for an aria-label. */}
        {label && <span className="sr-only">{label}</span>}
        {button}
        <svg aria-hidden viewBox="0 0 20 20" className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} fill="currentColor">
          <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </button>
      {open && (
        <div
          id={panelId}
          className={`absolute top-full z-30 mt-1 w-56 rounded-lg bg-white p-1.5 shadow-lg ring-1 ring-slate-200 ${align === "right" ? "right-0" : "left-0"}`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
