"use client";

import { type ImgHTMLAttributes, type ReactNode, useState } from "react";

/**
 * A picture that shows `fallback` instead while it has no address, or when its address does not
 * load (a 404, a host that is gone, bytes that are no image): never the browser's broken-image box.
 */
export function FallbackImage({
  src,
  alt,
  fallback,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError" | "ref"> & {
  src: string | null | undefined;
  alt: string;
  fallback: ReactNode;
}) {
  // The address that failed: a new address (a new upload) gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return fallback;
  return (
    <img
      {...props}
      src={src}
      alt={alt}
      // A picture that failed before React took over the server's HTML fired its error unheard.
      ref={(image) => {
        if (image?.complete && image.naturalWidth === 0) setFailed(src);
      }}
      onError={() => setFailed(src)}
    />
  );
}
