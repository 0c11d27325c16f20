import { BadRequest } from "@/lib/errors";
import { handle, otherMethods } from "@/lib/http/route";
import { sendVerificationLinkOperation } from "@/lib/users/operations";
import { resendVerification } from "@/lib/users/verification";

export const POST = handle(sendVerificationLinkOperation, async ({ actor, body, meta }) => {
  if (actor) await resendVerification({ actor }, meta);
  else if (body) await resendVerification({ email: body.email }, meta);
  else throw new BadRequest("Name the e-mail address of the account, or sign in.", "email_required");
  return { status: 202 };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(sendVerificationLinkOperation.path);
