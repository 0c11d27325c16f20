"use client";

import type { ComponentProps } from "react";
import { useListNavigation } from "./list-navigation";

/**
 * A list of plain `<a href>` links that the app navigates itself, with one handler on the list
 * (useListNavigation) instead of a `next/link` per link: for lists a server component renders, as
 * the directory's facets.
 */
export function NavigatedList(props: ComponentProps<"ul">) {
  const navigation = useListNavigation();
  return <ul {...props} {...navigation} />;
}
