import { describe, expect, it } from "vitest";
import { Forbidden, NotFound } from "../errors";
import { orNotFound } from "./or-not-found";

describe("orNotFound", () => {
  it("gives what the service loaded", async () => {
    await expect(orNotFound(Promise.resolve({ id: "p-1" }))).resolves.toEqual({ id: "p-1" });
  });

  it("renders the 404 page when the service answers NotFound (absent, or not visible to the reader)", async () => {
    const thrown = await orNotFound(Promise.reject(new NotFound("project"))).catch((error: unknown) => error);
    // What next/navigation's notFound() throws: Next renders the not-found page for it.
    expect(thrown).toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  });

  it("lets every other error through as it is", async () => {
    const refusal = new Forbidden();
    await expect(orNotFound(Promise.reject(refusal))).rejects.toBe(refusal);
  });
});
