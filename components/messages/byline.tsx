import { useFormatter, useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import type { MessageView } from "@/lib/messages/schemas";
import { DELETED_USERNAME } from "@/lib/users/deleted";

/** Who wrote an announcement (picture and name, "Deleted user" once the account is gone) and when. */
export function Byline({ message }: { message: MessageView }) {
  const t = useTranslations("projects.byline");
  const format = useFormatter();
  const author = message.author;
  const deleted = author?.username === DELETED_USERNAME;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
      {author && (
        <>
          {!deleted && <Avatar name={author.displayName} url={author.avatarUrl} size={18} />}
          <span>{deleted ? t("deletedAuthor") : author.displayName} ·</span>
        </>
      )}
      <time dateTime={message.createdAt}>{t("atUtc", { time: format.dateTime(new Date(message.createdAt), "dateTime") })}</time>
    </p>
  );
}
