import { Fragment } from "react";
import { CopyButton } from "@/components/ui/copy-button";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/**
 * Plain text (a mail's body) with its web addresses as links, each with a copy button: a link in
 * a mail is there to be opened or passed on. Long addresses wrap anywhere.
 */
export function LinkedText({ text, copyLabel }: { text: string; copyLabel: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Fragment key={index}>
            <a href={part} className="break-all font-medium text-indigo-700 underline hover:text-indigo-600" rel="noreferrer">
              {part}
            </a>{" "}
            <CopyButton text={part} label={copyLabel} />
          </Fragment>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
