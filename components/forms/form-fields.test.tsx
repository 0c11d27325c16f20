import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { FormPasswordField, FormTextField } from "./form-fields";

type Values = { email: string; password: string };

function Fields() {
  const form = useForm<Values>({
    defaultValues: { email: "", password: "" },
    errors: { password: { type: "min", message: "Too short." } },
  });
  return (
    <>
      <FormTextField form={form} name="email" label="Email" type="email" />
      <FormPasswordField form={form} name="password" label="Password" autoComplete="new-password" />
    </>
  );
}

describe("FormTextField / FormPasswordField", () => {
  it("register the field under its name and show that field's error, wired to the input", () => {
    const html = renderToStaticMarkup(<Fields />);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="false"[^>]*type="email"/);
    expect(html).toMatch(
      /<input[^>]*aria-describedby="([^"]+-error)"[^>]*aria-invalid="true"[^>]*autoComplete="new-password"[^>]*type="password"[^>]*name="password"/,
    );
    const describedBy = html.match(/aria-describedby="([^"]+-error)"/)![1];
    expect(html).toContain(`<p id="${describedBy}" class="text-sm text-red-600">Too short.</p>`);
  });
});
