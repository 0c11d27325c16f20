import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormFooter } from "./form-footer";

describe("FormFooter", () => {
  it("labels the submit button, and says the pending label while the action runs", () => {
    const idle = renderToStaticMarkup(<FormFooter pending={false} label="Save" pendingLabel="Saving…" />);
    expect(idle).toContain('type="submit"');
    expect(idle).toContain(">Save</button>");
    expect(idle).not.toContain("aria-busy");
    const busy = renderToStaticMarkup(<FormFooter pending label="Save" pendingLabel="Saving…" />);
    expect(busy).toContain("Saving…</button>");
    expect(busy).toContain('aria-busy="true"');
    expect(renderToStaticMarkup(<FormFooter pending label="Record" />)).toContain("Record</button>");
  });

  it("shows the action's message beside the button, errors as an alert", () => {
    const html = renderToStaticMarkup(<FormFooter pending={false} label="Save" notice={{ tone: "error", text: "Version conflict." }} />);
    expect(html).toMatch(/role="alert"[^>]*>Version conflict\.<\/div>/);
    expect(renderToStaticMarkup(<FormFooter pending={false} label="Save" notice={null} />)).not.toContain("role=");
  });

  it("puts other buttons before the submit button", () => {
    const html = renderToStaticMarkup(
      <FormFooter pending={false} label="Save">
        <button type="button">Delete</button>
      </FormFooter>,
    );
    expect(html.indexOf("Delete")).toBeLessThan(html.indexOf("Save"));
  });

  it("disables the submit button while the form is blocked and says why beside it (issue 30)", () => {
    const html = renderToStaticMarkup(<FormFooter pending={false} label="Record" blockedBy="Tick every check to approve." />);
    const describedBy = html.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain(`id="${describedBy}"`);
    expect(html).toContain("Tick every check to approve.");
    expect(renderToStaticMarkup(<FormFooter pending={false} label="Record" />)).not.toContain("aria-describedby");
  });

  it("offers no submit button on a locked form, only the line saying why (issue 30, review lock)", () => {
    const html = renderToStaticMarkup(
      <FormFooter pending={false} label="Save" locked="Locked during review: withdraw the submission to edit." />,
    );
    expect(html).not.toContain("<button");
    expect(html).toContain("Locked during review: withdraw the submission to edit.");
  });
});
