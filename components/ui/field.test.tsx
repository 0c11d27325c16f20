import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField, TextField } from "./field";
import { TextAreaField } from "./textarea";

/** The class attribute of the first `tag` in the markup. */
const classOf = (html: string, tag: string) => new RegExp(`<${tag}[^>]*class="([^"]*)"`).exec(html)![1]!.split(" ");

describe("a caller's class on a field", () => {
  it("is added to the control's own, never in place of them (border, width, focus ring stay)", () => {
    const fields = [
      ["textarea", <TextAreaField key="a" label="Body" className="font-mono min-h-64" />],
      ["input", <TextField key="b" label="Name" className="font-mono" />],
      ["select", <SelectField key="c" label="Pick" options={[{ value: "a", label: "A" }]} className="font-mono" />],
    ] as const;
    for (const [tag, field] of fields) {
      const classes = classOf(renderToStaticMarkup(field), tag);
      expect(classes).toEqual(expect.arrayContaining(["font-mono", "w-full", "ring-1", "ring-slate-300", "rounded-md"]));
    }
  });
});
