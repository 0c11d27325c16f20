import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while the server-rendered page hydrates, true afterwards (and at once
 * after a client-side navigation). Hydration renders what the server did, so nothing mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
