"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { Button, RowButton } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { useAction } from "@/components/ui/use-action";
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
  const ending = useAction();
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
              <RowButton
                row={deviceOf(session)}
                pending={ending.busy === session.id}
                onClick={() =>
                  ending.run(() => actions.end(session.id), {
                    key: session.id,
                    confirm: { title: t("endTitle", { device: deviceOf(session) }), body: t("endBody"), confirmLabel: t("end") },
                  })
                }
              >
                {t("end")}
              </RowButton>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          type="button"
          variant="secondary"
          pending={ending.busy === "others"}
          onClick={() =>
            ending.run(actions.endOthers, {
              key: "others",
              confirm: { title: t("endOthersTitle", { count: others.length }), body: t("endOthersBody"), confirmLabel: t("endOthers") },
            })
          }
        >
          {t("endOthers")}
        </Button>
      )}
    </div>
  );
}
