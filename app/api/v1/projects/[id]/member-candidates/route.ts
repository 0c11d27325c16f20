import { handle, otherMethods } from "@/lib/http/route";
import { memberCandidatesOperation } from "@/lib/members/operations";
import { searchMemberCandidates } from "@/lib/members/service";

export const GET = handle(memberCandidatesOperation, async ({ actor, params, query }) => ({
  body: { data: await searchMemberCandidates(actor, params.id, query.q) },
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(memberCandidatesOperation.path);
