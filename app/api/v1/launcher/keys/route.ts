import { handle, otherMethods } from "@/lib/http/route";
import { getLauncherKeysOperation } from "@/lib/launcher/operations";
import { publishedKeys } from "@/lib/launcher/signing";

export const GET = handle(getLauncherKeysOperation, async () => ({ body: publishedKeys() }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(getLauncherKeysOperation.path);
