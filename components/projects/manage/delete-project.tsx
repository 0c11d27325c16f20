"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

export function DeleteProject({ target, name, version, blockedReason, action }: {
  target: ProjectTarget;
  name: string;
  version: number;
  blockedReason: string | null;
  /** Deletes and goes on to My projects; it answers only when something is wrong. */
  action: (target: ProjectTarget, version: number) => Promise<FormResult>;
}) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">Deleting hides the project at once. The platform team can restore it for 30 days; after that it is gone.</p>
      {blockedReason && <Notice tone="info">{blockedReason}</Notice>}
      {message && <Notice tone="error">{message}</Notice>}
      <Button
        type="button"
        variant="danger"
        disabled={Boolean(blockedReason)}
        pending={pending}
        onClick={() => {
          if (window.prompt(`Type the project name to delete it: ${name}`) !== name) return;
          startTransition(async () => {
            const result = await action(target, version);
            if (!result.ok) setMessage(result.message);
          });
        }}
      >
        Delete project
      </Button>
    </div>
  );
}
