import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { LocalTime } from "@/components/ui/local-time";
import type { MessageView } from "@/lib/messages/schemas";
import { DELETED_USERNAME } from "@/lib/users/deleted";

/** Who wrote an announcement (picture and name, "Deleted user" once the account is gone) and when. */
export function Byline({ message }: { message: MessageView }) {
  const t = useTranslations("projects.byline");
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
      <LocalTime at={message.createdAt} />
    </p>
  );
}
