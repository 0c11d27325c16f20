import type { ReactNode } from "react";

/**
 * A changelog as the portal shows it: the markdown basics release notes use (headings, lists,
 * paragraphs, **bold**, `code`) rendered to React elements. No HTML is ever parsed or injected,
 * so nothing in a changelog can run or load anything.
 */
export function Changelog({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) blocks.push(<ul key={`l${blocks.length}`} className="list-disc space-y-1 pl-5">{list.map((item, index) => <li key={index}>{inline(item)}</li>)}</ul>);
    list = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const item = /^\s*[-*+]\s+(.*)$/.exec(line);
    if (item) {
      list.push(item[1]);
      continue;
    }
    flush();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) blocks.push(<p key={`h${blocks.length}`} className="font-semibold text-slate-900">{inline(heading[2])}</p>);
    else if (line.trim()) blocks.push(<p key={`p${blocks.length}`}>{inline(line)}</p>);
  }
  flush();
  if (!blocks.length) return <p className="text-sm text-slate-500">No changelog.</p>;
  return <div className="space-y-2 text-sm text-slate-700">{blocks}</div>;
}

function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/).map((part, index) => {
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (/^`[^`]+`$/.test(part)) return <code key={index} className="rounded bg-slate-100 px-1 font-mono text-xs">{part.slice(1, -1)}</code>;
    return part;
  });
}
