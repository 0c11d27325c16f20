import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";

/** A staff page for someone without its permission: the page's heading and why there is nothing under it. */
export function Denied({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <Notice tone="info">{text}</Notice>
    </div>
  );
}
