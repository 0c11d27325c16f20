"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { FormPasswordField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import type { Reauthentication } from "@/components/account/reauthentication";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Notice, RowNotice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import type { TokenScope } from "@/lib/auth/actor";
import { approveDeviceSignInSchema, type enterUserCodeSchema } from "@/lib/device-sign-in/schemas";
import type { FormResult } from "@/lib/portal/form-result";

export interface DeviceSignInRequest {
  /** As the device shows it: `BCDF-GHJK`. */
  userCode: string;
  clientName: string;
  requested: TokenScope[];
  /** The requested scopes the approver may hold: what the token will carry. */
  granted: TokenScope[];
  startedAt: string;
  startedIp: string | null;
}

export interface DeviceApprovalActions {
  approve: (input: z.input<typeof approveDeviceSignInSchema>) => Promise<FormResult>;
  deny: (input: z.input<typeof enterUserCodeSchema>) => Promise<FormResult>;
}

/** Approving asks for the password when the session's sign-in is not recent. */
interface Props extends Reauthentication {
  request: DeviceSignInRequest;
  actions: DeviceApprovalActions;
}

/**
 * A pending device sign-in: which client, what it could do, the warning against approving someone
 * else's code, and the decision. Approve is the form's submit; Deny is the secondary button beside
 * it and needs no password.
 */
export function DeviceApproval({ request, recent, windowMinutes, actions }: Props) {
  const t = useTranslations("auth.device");
  const tl = useTranslations("labels.tokenScope");
  const [decided, setDecided] = useState(false);
  // Approving and denying answer in the same place: each forgets the other's answer when it starts.
  const denial = useAction({ success: "notice", failure: "notice" });
  const approval = useSchemaForm({
    schema: approveDeviceSignInSchema,
    raw: true,
    defaultValues: { userCode: request.userCode },
    action: actions.approve,
    onSuccess: () => setDecided(true),
  });
  const { form, pending } = approval;
  const notice = denial.notice ?? approval.notice;
  const approve = (event: React.FormEvent<HTMLFormElement>) => {
    denial.setNotice(null);
    return approval.submit(event);
  };
  const deny = () => {
    approval.setNotice(null);
    denial.run(() => actions.deny({ userCode: request.userCode }), { onSuccess: () => setDecided(true) });
  };

  if (decided && notice) {
    return (
      <div className="space-y-4">
        <Notice tone={notice.tone}>{notice.text}</Notice>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
          <Link href="/account/tokens" className="text-indigo-600 hover:text-indigo-500">
            {t("toAccount")}
          </Link>
          <Link href="/device" className="text-indigo-600 hover:text-indigo-500">
            {t("another")}
          </Link>
        </p>
      </div>
    );
  }

  const notGranted = request.requested.filter((scope) => !request.granted.includes(scope));
  const started = () => <LocalTime at={request.startedAt} />;
  return (
    <form onSubmit={approve} noValidate className="space-y-5" aria-label={t("requestTitle", { client: request.clientName })}>
      <div className="space-y-1">
        <h2 className="break-words text-lg font-semibold text-slate-900">{t("requestTitle", { client: request.clientName })}</h2>
        <p className="text-sm text-slate-600">
          {t("codeShown", { code: request.userCode })}{" "}
          {request.startedIp ? t.rich("started", { time: started, ip: request.startedIp }) : t.rich("startedUnknown", { time: started })}
        </p>
      </div>
      {request.granted.length > 0 ? (
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-900">{t("scopesTitle")}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {request.granted.map((scope) => (
              <li key={scope}>{t(`scope.${scope}`)}</li>
            ))}
          </ul>
          {notGranted.length > 0 && (
            <p className="text-sm text-slate-600">{t("notGranted", { scopes: notGranted.map((scope) => tl(scope)).join(", ") })}</p>
          )}
        </div>
      ) : (
        <Notice tone="info">{t("nothingGrantable")}</Notice>
      )}
      <div role="note" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
        <p className="font-semibold">{t("warningTitle")}</p>
        <p className="mt-1">{t("warning")}</p>
      </div>
      {!recent && request.granted.length > 0 && (
        <FormPasswordField
          form={form}
          name="password"
          label={t("password")}
          hint={t("passwordHint", { minutes: windowMinutes })}
          autoComplete="current-password"
        />
      )}
      {request.granted.length > 0 ? (
        <FormFooter pending={pending} label={t("approve")} notice={notice}>
          <Button type="button" variant="secondary" pending={denial.pending} onClick={deny}>
            {t("deny")}
          </Button>
        </FormFooter>
      ) : (
        <div className="flex flex-wrap items-center justify-end gap-3">
          <RowNotice notice={notice} />
          <Button type="button" variant="secondary" pending={denial.pending} onClick={deny}>
            {t("deny")}
          </Button>
        </div>
      )}
    </form>
  );
}
