import { Notice } from "@/components/ui/notice";

/** A page of a project the user can see but may not manage (the API's 403). */
export function NoAccess({ what }: { what: string }) {
  return <Notice tone="info">Your role in this project does not allow you to {what}. Ask the project&apos;s Owner or a Manager.</Notice>;
}
