import { handle, otherMethods } from "@/lib/http/route";
import { checkHealth } from "@/lib/system/health";
import { healthOperation } from "@/lib/system/operations";

export const GET = handle(healthOperation, async () => ({ body: await checkHealth() }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(healthOperation.path);
