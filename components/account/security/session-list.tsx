"use client";

import { useState, useTransition } from "react";
import type { z } from "zod";
import type { FormNoticeState } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { sessionSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

type Session = z.infer<typeof sessionSchema>;

export interface SessionActions {
  end: (sessionId: string) => Promise<FormResult>;
  endOthers: () => Promise<FormResult>;
}

export function SessionList({ sessions, actions }: { sessions: Session[]; actions: SessionActions }) {
  const [pending, start] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const run = (id: string, question: string, action: () => Promise<{ ok: boolean; message: string }>) => {
    if (!window.confirm(question)) return;
    setBusy(id);
    start(async () => {
      const result = await action();
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
    });
  };
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="space-y-4">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label="Sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {session.device} {session.current && <span className="ml-1 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">this session</span>}
              </p>
              <p className="text-slate-500">
                {session.browser} on {session.os} · {session.ip ?? "unknown address"} · signed in {new Date(session.createdAt).toLocaleString("en")} · last active {new Date(session.lastSeenAt).toLocaleString("en")}
              </p>
            </div>
            {!session.current && (
              <Button type="button" variant="ghost" pending={pending && busy === session.id} onClick={() => run(session.id, `End the session on ${session.device}? It is signed out at once.`, () => actions.end(session.id))}>
                End session
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button type="button" variant="secondary" pending={pending && busy === "others"} onClick={() => run("others", `End all ${others.length} other sessions? They are signed out at once.`, actions.endOthers)}>
          End all other sessions
        </Button>
      )}
    </div>
  );
}
