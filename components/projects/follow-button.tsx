"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";

/** Follow or stop following a project: its releases and announcements reach the follower. */
export function FollowButton({ following, action }: { following: boolean; action: (follow: boolean) => Promise<FormResult> }) {
  const t = useTranslations("projects.follow");
  const [now, setNow] = useState(following);
  const { run, pending } = useAction();
  return (
    <Button
      type="button"
      variant="secondary"
      pending={pending}
      aria-pressed={now}
      title={t("hint")}
      onClick={() => run(() => action(!now), { onSuccess: () => setNow(!now) })}
    >
      {now ? t("following") : t("follow")}
    </Button>
  );
}
