import { createDeviceTokenOperation } from "@/lib/device-sign-in/operations";
import { pollDeviceToken } from "@/lib/device-sign-in/service";
import { created, handle, otherMethods } from "@/lib/http/route";

export const POST = handle(createDeviceTokenOperation, async ({ body, meta }) => {
  const token = await pollDeviceToken(body.deviceCode, meta);
  return created(token, `/api/v1/users/me/tokens/${token.id}`);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(createDeviceTokenOperation.path);
