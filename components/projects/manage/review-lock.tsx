import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { FormFooter, LockedNote } from "@/components/forms/form-footer";

/**
 * While the project's reviewed content is locked (lib/permissions `reviewedContentLocked`), in the
 * place of a form's Save, a New button or an upload: the line that says why and how to unlock it.
 */
export function ReviewLockNote() {
  const lock = useTranslations("manage.lock");
  return <LockedNote>{lock("form")}</LockedNote>;
}

/** The end of a form of the project's reviewed content: its Save, or while that is locked the line that says why. */
export function ReviewedFormFooter({ locked, ...props }: Omit<ComponentProps<typeof FormFooter>, "locked"> & { locked: boolean }) {
  const lock = useTranslations("manage.lock");
  return <FormFooter {...props} locked={locked && lock("form")} />;
}
