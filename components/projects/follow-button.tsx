"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { FormResult } from "@/lib/portal/form-result";

/** Follow or stop following a project: its releases and announcements reach the follower. */
export function FollowButton({ following, action }: { following: boolean; action: (follow: boolean) => Promise<FormResult> }) {
  const t = useTranslations("projects.follow");
  const toast = useToast();
  const [now, setNow] = useState(following);
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="secondary"
      pending={pending}
      aria-pressed={now}
      title={t("hint")}
      onClick={() =>
        startTransition(async () => {
          const result = await action(!now);
          if (result.ok) setNow(!now);
          toast(result.ok ? "success" : "error", result.message);
        })
      }
    >
      {now ? t("following") : t("follow")}
    </Button>
  );
}
