import type { MessageKeys, NestedKeyOf } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { Messages } from "../i18n/messages";

/** A line of the catalogue by its whole path ("manage.done.launcher"). */
type Line = MessageKeys<Messages, NestedKeyOf<Messages>>;

/**
 * A portal action's answer once the service has done its work: the line at `key`, in the reader's
 * language. For the actions whose answer is that line and nothing else (a line that names someone,
 * or data beside the line, is written out in the action, where the name or the data is known).
 */
export async function done(work: Promise<unknown>, key: Line): Promise<string> {
  await work;
  return (await getTranslations())(key);
}

/** A project saved at the form's version: the line, and the project's new version, which the form's next save expects. */
export async function savedAt(work: Promise<{ project: { version: number } }>, key: Line) {
  const { project } = await work;
  return { message: (await getTranslations())(key), data: { version: project.version } };
}
