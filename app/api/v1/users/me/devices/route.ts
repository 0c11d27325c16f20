import { listDevicesOperation } from "@/lib/account/operations";
import { listDevices } from "@/lib/account/sessions";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(listDevicesOperation, async ({ actor, query }) => ({ body: await listDevices(actor, query) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listDevicesOperation.path);
