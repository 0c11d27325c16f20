"use client";

import { CopyButton } from "./copy-button";

/**
 * A secret shown once (a new token, a webhook's signing secret): its title, a copy button, the
 * value, and what to do with it. `testId` names the value for the browser tests, and with `-box`
 * the box ("new-token", "new-token-box").
 */
export function SecretBox({
  title,
  value,
  copyLabel,
  hint,
  testId,
}: {
  title: string;
  value: string;
  copyLabel: string;
  hint: string;
  testId: string;
}) {
  return (
    <div className="space-y-2 rounded-md bg-slate-900 p-4 text-sm text-white" data-testid={`${testId}-box`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{title}</p>
        <CopyButton text={value} label={copyLabel} tone="dark" />
      </div>
      <code data-testid={testId} className="block break-all font-mono text-emerald-300">
        {value}
      </code>
      <p className="text-xs text-slate-300">{hint}</p>
    </div>
  );
}
