/**
 * Keyboard mode of the browser tests (the "keyboard" project in playwright.config.ts): every
 * pointer action of a Locator is replaced by what a keyboard user does. The target is reached with
 * Tab or Shift+Tab from wherever the focus is (arrow keys inside a radio group, as the browser
 * wants), it must show a visible focus ring, and then Enter or Space (or typing) does the rest.
 * A journey that fails here is a portal that a keyboard user cannot complete.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** Presses of Tab (and then of Shift+Tab) before a target counts as unreachable. */
const MAX_PRESSES = 150;
/** How long a target may take to appear and become enabled, as Playwright's actions wait too. */
const ACTIONABLE_TIMEOUT = 30_000;
/** Inputs a keyboard user fills through the browser's own widget (date parts, a colour picker, a slider): typed text is not how these take a value. */
const WIDGET_INPUTS = new Set(["date", "time", "datetime-local", "month", "week", "color", "range"]);

type LocatorMethods = Pick<
  Locator,
  | "click"
  | "focus"
  | "fill"
  | "type"
  | "pressSequentially"
  | "press"
  | "check"
  | "uncheck"
  | "setChecked"
  | "selectOption"
  | "setInputFiles"
  | "hover"
  | "dragTo"
  | "dblclick"
  | "tap"
>;
type MethodName = keyof LocatorMethods;

/**
 * Where the focus is, whether it shows a ring (an outline, or a ring drawn as a box-shadow of 2 px
 * or more, on :focus-visible), whether it is on the target, and which arrow key moves inside the
 * target's radio group. Runs in the page: it uses nothing from outside itself.
 */
function focusState(target: Element | null) {
  const active = document.activeElement;
  const nothing = !active || active === document.body;
  const describeElement = (element: Element | null) => {
    if (!element || element === document.body) return "nothing (body)";
    const name = (element.getAttribute("aria-label") ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? "")
      .trim()
      .replace(/\s+/g, " ")
      .slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.getAttribute("role") ? `[role=${element.getAttribute("role")}]` : ""} "${name}"`;
  };
  const drawsRing = (style: CSSStyleDeclaration) =>
    (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1) ||
    /0px 0px 0px (?:[2-9]|\d{2,})(?:\.\d+)?px/.test(style.boxShadow);
  // Tab walks through the parts of a date or time input (and its picker button) inside the
  // browser's own shadow DOM, which draws their focus itself: the input is not :focus-visible then.
  const inBrowserParts =
    active instanceof HTMLInputElement &&
    ["date", "time", "datetime-local", "month", "week"].includes(active.type) &&
    !active.matches(":focus-visible");
  // A link that covers a whole card draws its ring with its ::after, the box it covers the card with.
  // A visually hidden input (the file field inside its button, components/ui/file-picker.tsx): its own
  // outline cannot be seen, so the ring must be on a label that wraps it.
  const hiddenInput = active instanceof HTMLInputElement && active.getBoundingClientRect().width <= 1;
  const drawnBy = (element: Element) =>
    hiddenInput
      ? [...((element as HTMLInputElement).labels ?? [])].some((label) => label.contains(element) && drawsRing(getComputedStyle(label)))
      : drawsRing(getComputedStyle(element)) || drawsRing(getComputedStyle(element, "::after"));
  const ring = !active || nothing || inBrowserParts ? null : active.matches(":focus-visible") && drawnBy(active);
  const radio = (element: Element | null): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === "radio";
  // Inside a radio group Tab leaves the group: the arrow keys move (and check) from radio to radio.
  const sameGroup =
    radio(active) && radio(target) && active !== target && active.name !== "" && active.name === target.name && active.form === target.form;
  const after = target && !nothing ? Boolean(active.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) : true;
  return {
    reached: target !== null && active === target,
    where: describeElement(active),
    ring,
    arrow: sameGroup ? (after ? "ArrowDown" : "ArrowUp") : null,
    // The first direction to try: forward when the target comes later in the page (or nothing has the focus).
    backwards: !after,
  };
}

/** The focused element, if any, shows a focus ring. */
export async function expectFocusRing(page: Page) {
  const focused = await page.evaluate(focusState, null);
  if (focused.ring !== null) expect(focused.ring, `focus ring on ${focused.where}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, checking the ring on every stop.
 * One call into the page per press: where the focus is and whether it shows a ring come back together.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  const handle = (await target.elementHandle({ timeout: ACTIONABLE_TIMEOUT }))!;
  for (let press = 0; press <= max; press++) {
    const state = await handle.evaluate(focusState);
    if (press > 0 && state.ring !== null) expect(state.ring, `focus ring on ${state.where}`).toBe(true);
    if (state.reached) return;
    if (press < max) await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${back ? "Shift+Tab" : "Tab"} never reached ${target}`);
}

/** Moves the focus to the target by the keyboard alone and checks its focus ring; fails saying where the focus went. */
async function reach(target: Locator, action: string) {
  const page = target.page();
  await expect(target, `${action}: ${target} to be visible`).toBeVisible({ timeout: ACTIONABLE_TIMEOUT });
  const handle = (await target.elementHandle({ timeout: ACTIONABLE_TIMEOUT }))!;
  const first = await handle.evaluate(focusState);
  const stops: string[] = [];
  let pressed = false;
  for (const key of first.backwards ? ["Shift+Tab", "Tab"] : ["Tab", "Shift+Tab"]) {
    for (let press = 0; press <= MAX_PRESSES; press++) {
      const state = await handle.evaluate(focusState);
      // Every stop the keys lead to shows a ring, not only the target (where a script put the focus
      // before, say a dialog's panel, is the page's choice).
      if (state.ring === false && (pressed || state.reached))
        throw new Error(`Keyboard mode: no visible focus ring on ${state.where} (on the way to ${target} for ${action})`);
      if (state.reached) return;
      if (stops.at(-1) !== state.where) stops.push(state.where);
      await page.keyboard.press(state.arrow ?? key);
      pressed = true;
    }
  }
  throw new Error(
    `Keyboard mode: ${action} ${target} is not reachable with Tab or Shift+Tab (${MAX_PRESSES} presses each). ` +
      `The focus went to: ${stops.slice(-25).join(" → ")}`,
  );
}

/** Enter for buttons and links, Space for checkboxes, radios and switches: what activates each control. */
async function activationKey(target: Locator, action: string): Promise<"Enter" | "Space" | null> {
  const kind = await target.evaluate((element) => ({
    tag: element.tagName.toLowerCase(),
    type: (element as HTMLInputElement).type ?? "",
    role: element.getAttribute("role") ?? "",
  }));
  if (
    kind.role === "switch" ||
    kind.role === "checkbox" ||
    kind.role === "radio" ||
    (kind.tag === "input" && ["checkbox", "radio"].includes(kind.type))
  )
    return "Space";
  if (
    ["button", "a", "summary"].includes(kind.tag) ||
    ["button", "link", "tab"].includes(kind.role) ||
    (kind.tag === "input" && ["submit", "button", "reset", "image"].includes(kind.type))
  )
    return "Enter";
  // Clicking a text field, a select or a textarea only puts the focus there: reaching it did that.
  if (["input", "textarea", "select"].includes(kind.tag)) return null;
  throw new Error(
    `Keyboard mode: ${action} ${target} is a <${kind.tag}${kind.role ? ` role="${kind.role}"` : ""}>, which Enter and Space do not activate: make it a button or a link.`,
  );
}

async function setCheckedByKeyboard(target: Locator, checked: boolean, action: string) {
  await reach(target, action);
  if ((await target.isChecked()) !== checked) await target.page().keyboard.press("Space");
  // Arrow keys in a radio group check as they move: the state is then already right.
  if ((await target.isChecked()) !== checked) throw new Error(`Keyboard mode: Space did not ${checked ? "check" : "uncheck"} ${target}`);
}

function pointerOnly(name: string) {
  return async function (this: Locator) {
    throw new Error(
      `Keyboard mode: ${name}() on ${this} needs a pointer. A journey that needs the mouse is a bug to fix (or the test does what no keyboard user does).`,
    );
  };
}

/**
 * Replaces the pointer actions on the Locator prototype with keyboard ones; returns the function
 * that puts the originals back.
 */
export function driveLocatorsByKeyboard(prototype: LocatorMethods): () => void {
  const original = Object.fromEntries(
    (
      [
        "click",
        "focus",
        "fill",
        "type",
        "pressSequentially",
        "press",
        "check",
        "uncheck",
        "setChecked",
        "selectOption",
        "setInputFiles",
        "hover",
        "dragTo",
        "dblclick",
        "tap",
      ] as MethodName[]
    ).map((name) => [name, prototype[name]]),
  ) as LocatorMethods;
  const keyboard: Partial<Record<MethodName, unknown>> = {
    async click(this: Locator) {
      await reach(this, "click()");
      const key = await activationKey(this, "click()");
      if (key) await this.page().keyboard.press(key);
    },
    async focus(this: Locator) {
      await reach(this, "focus()");
    },
    async fill(this: Locator, value: string, options?: Parameters<Locator["fill"]>[1]) {
      await reach(this, "fill()");
      const type = await this.evaluate((element) => (element instanceof HTMLInputElement ? element.type : ""));
      if (WIDGET_INPUTS.has(type)) return original.fill.call(this, value, options);
      const keyboard = this.page().keyboard;
      await keyboard.press("ControlOrMeta+A");
      if (value === "") await keyboard.press("Delete");
      else await keyboard.type(value);
    },
    async pressSequentially(this: Locator, text: string, options?: { delay?: number }) {
      await reach(this, "pressSequentially()");
      await this.page().keyboard.type(text, options);
    },
    async type(this: Locator, text: string, options?: { delay?: number }) {
      await reach(this, "type()");
      await this.page().keyboard.type(text, options);
    },
    async press(this: Locator, key: string, options?: { delay?: number }) {
      await reach(this, "press()");
      await this.page().keyboard.press(key, options);
    },
    async check(this: Locator) {
      await setCheckedByKeyboard(this, true, "check()");
    },
    async uncheck(this: Locator) {
      await setCheckedByKeyboard(this, false, "uncheck()");
    },
    async setChecked(this: Locator, checked: boolean) {
      await setCheckedByKeyboard(this, checked, "setChecked()");
    },
    // A keyboard user changes a select with the arrow keys: the same change as selectOption.
    async selectOption(this: Locator, ...args: Parameters<Locator["selectOption"]>) {
      await reach(this, "selectOption()");
      return original.selectOption.apply(this, args);
    },
    // Space on a focused file input opens the system's file chooser, which a test cannot drive: reaching it is the keyboard part.
    async setInputFiles(this: Locator, ...args: Parameters<Locator["setInputFiles"]>) {
      await reach(this, "setInputFiles()");
      return original.setInputFiles.apply(this, args);
    },
    hover: pointerOnly("hover"),
    dragTo: pointerOnly("dragTo"),
    dblclick: pointerOnly("dblclick"),
    tap: pointerOnly("tap"),
  };
  Object.assign(prototype, keyboard);
  return () => Object.assign(prototype, original);
}
