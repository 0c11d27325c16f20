import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { approveDeviceSignInAction, denyDeviceSignInAction, enterUserCodeAction } from "@/app/device/actions";
import { DeviceApproval } from "@/components/device/device-approval";
import { DeviceCodeForm } from "@/components/device/device-code-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { isRecentlyAuthenticated, reauthWindowMinutes } from "@/lib/account/reauthentication";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { userCodeSchema } from "@/lib/device-sign-in/schemas";
import { describeDeviceSignIn } from "@/lib/device-sign-in/service";
import { AppError } from "@/lib/errors";
import { translateServerMessage } from "@/lib/i18n/server-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.device");
  // The address may carry a user code: never hand it on.
  return { title: t("title"), referrer: "no-referrer" };
}

/**
 * Device sign-in (RFC 8628): `verificationUri` and `verificationUriComplete` (`?code=`) of
 * POST /api/v1/auth/device. Signed-out visitors sign in and come back with the code kept.
 */
export default async function DevicePage({ searchParams }: { searchParams: Promise<{ code?: string | string[] }> }) {
  const given = (await searchParams).code;
  const code = typeof given === "string" ? given : undefined;
  const actor = await requirePortalActor(code ? `/device?code=${encodeURIComponent(code)}` : "/device");
  const t = await getTranslations("auth.device");
  let request: Awaited<ReturnType<typeof describeDeviceSignIn>> | null = null;
  let refusal: string | null = null;
  if (code) {
    const parsed = userCodeSchema.safeParse(code);
    try {
      if (!parsed.success) throw new AppError(400, "invalid_user_code", "Invalid code", parsed.error.issues[0].message);
      request = await describeDeviceSignIn(actor, parsed.data, await portalRequestMeta());
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = translateServerMessage(error.message, await getLocale());
    }
  }
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        {request ? (
          <DeviceApproval
            request={request}
            recent={await isRecentlyAuthenticated(actor)}
            windowMinutes={reauthWindowMinutes()}
            actions={{ approve: approveDeviceSignInAction, deny: denyDeviceSignInAction }}
          />
        ) : (
          <div className="space-y-4">
            {refusal && <Notice tone="error">{refusal}</Notice>}
            <DeviceCodeForm initialCode={code} action={enterUserCodeAction} />
          </div>
        )}
      </Card>
    </div>
  );
}
