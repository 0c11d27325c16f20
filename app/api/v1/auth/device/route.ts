import { requestDeviceSignInOperation } from "@/lib/device-sign-in/operations";
import { startDeviceSignIn } from "@/lib/device-sign-in/service";
import { handle, otherMethods } from "@/lib/http/route";

export const POST = handle(requestDeviceSignInOperation, async ({ body, meta }) => ({
  status: 201,
  body: await startDeviceSignIn(body, meta),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(requestDeviceSignInOperation.path);
