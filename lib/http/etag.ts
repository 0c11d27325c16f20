/** The ETag of a versioned resource; If-Match sends it back (`"v<version>"`). */
export function versionEtag(resource: { version: number }): string {
  return `"v${resource.version}"`;
}
