import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import * as enums from "../db/generated/enums";
import { ALL_PROJECT_PERMISSIONS, DEFAULT_ROLE_KEYS, TOKEN_SCOPES } from "../permissions";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text);
  }
  return out;
}

/** The arguments a message takes ({name}, {count, plural, …}, <link>…</link>), sorted. */
function argumentsOf(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: unknown[]) => {
    for (const element of elements as {
      type: number;
      value?: string;
      options?: Record<string, { value: unknown[] }>;
      children?: unknown[];
    }[]) {
      if (element.value !== undefined && element.type !== 0) names.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
      if (element.children) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

describe("the message catalogue", () => {
  const reference = leaves(MESSAGES.en as unknown as Tree);

  it("has every English message in every language, and nothing else", () => {
    for (const locale of LOCALES) {
      const keys = [...leaves(MESSAGES[locale] as unknown as Tree).keys()].sort();
      expect({ locale, keys }).toEqual({ locale, keys: [...reference.keys()].sort() });
    }
  });

  it("parses every message, with the same arguments as the English one, and none is empty", () => {
    for (const locale of LOCALES) {
      for (const [key, text] of leaves(MESSAGES[locale] as unknown as Tree)) {
        expect(text.trim(), `${locale}: ${key}`).not.toBe("");
        expect(argumentsOf(text, locale), `${locale}: ${key}`).toEqual(argumentsOf(reference.get(key)!, "en"));
      }
    }
  });
});

describe("labels", () => {
  const labels = MESSAGES.en.labels as unknown as Record<string, Record<string, unknown>>;
  const enumLabels: Record<string, Record<string, string>> = {
    platformRole: enums.PlatformRole,
    partnerStatus: enums.PartnerStatus,
    projectStatus: enums.ProjectStatus,
    visibility: enums.ProjectVisibility,
    module: enums.ProjectModule,
    loginMethod: enums.LoginMethod,
    applicationStatus: enums.ApplicationStatus,
    reviewDecision: enums.ReviewDecision,
    releaseChannel: enums.ReleaseChannel,
    releaseState: enums.ReleaseState,
    downloadKind: enums.DownloadKind,
    warningKind: enums.WarningKind,
    warningSeverity: enums.WarningSeverity,
  };

  it("names every value of every enum the portal shows (no raw enum on screen)", () => {
    for (const [group, values] of Object.entries(enumLabels)) {
      expect(Object.keys(labels[group]).sort(), group).toEqual(Object.values(values).sort());
    }
    expect(Object.keys(labels.defaultRole).sort()).toEqual([...DEFAULT_ROLE_KEYS].sort());
    expect(Object.keys(labels.tokenScope).sort()).toEqual(Object.keys(TOKEN_SCOPES).sort());
  });

  it("names every project permission and its area (no permission key on screen)", () => {
    const permission = labels.permission as Record<string, Record<string, string>>;
    for (const key of ALL_PROJECT_PERMISSIONS) {
      const [area, name] = key.split(".");
      expect(permission[area]?.[name], key).toBeTruthy();
      expect(labels.permissionArea[area], area).toBeTruthy();
    }
    const labelled = Object.entries(permission).flatMap(([area, names]) => Object.keys(names).map((name) => `${area}.${name}`));
    expect(labelled.sort()).toEqual([...ALL_PROJECT_PERMISSIONS].sort());
  });
});
