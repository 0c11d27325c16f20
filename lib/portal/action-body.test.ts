import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../http/client-input";
import { refuseActionBody } from "./action-body";

const tooDeep = "[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1);
const deepEnough = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);

function post(body: BodyInit, contentType?: string) {
  return new Request("http://127.0.0.1:3000/sign-in", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });
}

function form(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

async function codeOf(request: Request) {
  const refusal = await refuseActionBody(request);
  if (!refusal) return null;
  expect(refusal.status).toBe(400);
  expect(refusal.headers.get("content-type")).toBe("application/problem+json");
  return ((await refusal.json()) as { code: string }).code;
}

describe("refuseActionBody", () => {
  it.each([
    ["a text body", () => post(tooDeep, "text/plain;charset=UTF-8")],
    ["a reply chunk of a form", () => post(form({ "0": '["$K1"]', "1": tooDeep }))],
    ["a no-JS form's bound arguments", () => post(form({ $ACTION_REF_1: "", "$ACTION_1:0": tooDeep }))],
    ["a no-JS form's bound arguments under any prefix", () => post(form({ $ACTION_REF_zz: "", "$ACTION_zz:0": tooDeep }))],
    ["a URL-encoded reply chunk", () => post(new URLSearchParams({ "0": tooDeep }))],
  ])("refuses JSON nested too deep in %s", async (_label, request) => {
    expect(await codeOf(request())).toBe("too_deep");
  });

  it("refuses a chain of shallow reply chunks that React would follow from one to the next (security review after issue 23)", async () => {
    const chain = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [String(index), `{"a":"$${(index + 1).toString(16)}"}`]));
    expect(await codeOf(post(form(chain)))).toBe("too_deep");
    const short = Object.fromEntries(Array.from({ length: 4 }, (_, index) => [String(index), `{"a":"$${(index + 1).toString(16)}"}`]));
    expect(await codeOf(post(form(short)))).toBeNull();
  });

  it("leaves the rest to the action: shallow JSON, users' own fields and files", async () => {
    expect(await codeOf(post(deepEnough, "text/plain;charset=UTF-8"))).toBeNull();
    expect(await codeOf(post(form({ "0": '["$K1"]', "1_markdown": tooDeep, "1_file": new Blob([tooDeep]) })))).toBeNull();
  });

  it("refuses a form that cannot be parsed, which Next.js answered with a 500", async () => {
    expect(await codeOf(post("not a multipart body", "multipart/form-data; boundary=x"))).toBe("malformed_form");
  });

  it("leaves the request's own body readable", async () => {
    const request = post(form({ "0": '["x"]' }));
    await refuseActionBody(request);
    expect((await request.formData()).get("0")).toBe('["x"]');
  });
});
