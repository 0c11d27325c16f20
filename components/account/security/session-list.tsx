"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { useConfirm, type ConfirmRequest } from "@/components/ui/confirm";
import { useToast } from "@/components/ui/toast";
import { useUserAgentNames } from "./user-agent-names";
import type { sessionSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

type Session = z.infer<typeof sessionSchema>;

export interface SessionActions {
  end: (sessionId: string) => Promise<FormResult>;
  endOthers: () => Promise<FormResult>;
}

export function SessionList({ sessions, actions }: { sessions: Session[]; actions: SessionActions }) {
  const t = useTranslations("account.sessions");
  const named = useUserAgentNames();
  // A session from before devices were kept has no device: named by its browser and system.
  const deviceOf = (session: Session) =>
    session.deviceId ? session.device : t("unnamedDevice", { browser: named(session.browser), os: named(session.os) });
  const confirm = useConfirm();
  const toast = useToast();
  const [pending, start] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, question: ConfirmRequest, action: () => Promise<FormResult>) => {
    if (!(await confirm(question))) return;
    setBusy(id);
    start(async () => {
      const result = await action();
      toast(result.ok ? "success" : "error", result.message);
    });
  };
  const others = sessions.filter((session) => !session.current);
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label={t("listLabel")}>
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">
                {deviceOf(session)}{" "}
                {session.current && (
                  <span className="ml-1 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">{t("current")}</span>
                )}
              </p>
              <p className="break-words text-slate-500">
                {t.rich("details", {
                  browser: named(session.browser),
                  os: named(session.os),
                  ip: session.ip ?? t("unknownAddress"),
                  created: () => <LocalTime at={session.createdAt} />,
                  lastSeen: () => <LocalTime at={session.lastSeenAt} />,
                })}
              </p>
            </div>
            {!session.current && (
              <Button
                type="button"
                variant="ghost"
                pending={pending && busy === session.id}
                onClick={() =>
                  void run(
                    session.id,
                    { title: t("endTitle", { device: deviceOf(session) }), body: t("endBody"), confirmLabel: t("end") },
                    () => actions.end(session.id),
                  )
                }
              >
                {t("end")}
                <span className="sr-only">: {deviceOf(session)}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          type="button"
          variant="secondary"
          pending={pending && busy === "others"}
          onClick={() =>
            void run(
              "others",
              { title: t("endOthersTitle", { count: others.length }), body: t("endOthersBody"), confirmLabel: t("endOthers") },
              actions.endOthers,
            )
          }
        >
          {t("endOthers")}
        </Button>
      )}
    </div>
  );
}
