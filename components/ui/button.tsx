"use client";

import type { ButtonHTMLAttributes, ComponentProps } from "react";
import { useHydrated } from "./use-hydrated";

// The focus ring is the global one (app/globals.css); the danger variant draws it in red.
const VARIANTS = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500",
  secondary: "bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-500 focus-visible:outline-red-600",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

/**
 * A button's classes, for a list that renders its buttons as plain markup inside one component
 * (My projects: a `Button` per row is a component and a hook per row; docs/performance.md).
 */
export function buttonClassName(variant: keyof typeof VARIANTS = "primary", className = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]}${className ? ` ${className}` : ""}`;
}

/** What a pending button shows before its text. */
export const BUTTON_SPINNER = (
  <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
);

export function Button({
  variant = "primary",
  pending = false,
  children,
  className = "",
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS; pending?: boolean }) {
  // While the server-rendered page waits for React, a click would submit the form natively.
  const hydrated = useHydrated();
  return (
    <button
      {...props}
      disabled={disabled || pending || !hydrated}
      aria-busy={pending || undefined}
      className={buttonClassName(variant, className)}
    >
      {pending && BUTTON_SPINNER}
      {children}
    </button>
  );
}

/**
 * A list row's own button (Revoke, Remove, End): it shows the action, and its name tells a screen
 * reader's list of buttons which row it acts on ("Revoke: CI token").
 */
export function RowButton({ row, children, ...props }: Omit<ComponentProps<typeof Button>, "type" | "variant"> & { row: string }) {
  return (
    <Button type="button" variant="ghost" {...props}>
      {children}
      <span className="sr-only">: {row}</span>
    </Button>
  );
}
