import { removeDeviceOperation, renameDeviceOperation } from "@/lib/account/operations";
import { removeDevice, renameDevice } from "@/lib/account/sessions";
import { handle, otherMethods } from "@/lib/http/route";

export const PATCH = handle(renameDeviceOperation, async ({ actor, params, body, meta }) => ({
  body: await renameDevice(actor, params.deviceId, body.name, meta),
}));

export const DELETE = handle(removeDeviceOperation, async ({ actor, params, meta }) => {
  await removeDevice(actor, params.deviceId, meta);
  return { status: 204 };
});

export const { GET, POST, PUT, OPTIONS } = otherMethods(renameDeviceOperation.path);
