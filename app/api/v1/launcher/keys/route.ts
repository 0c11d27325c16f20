import { handle } from "@/lib/http/route";
import { getLauncherKeysOperation } from "@/lib/launcher/operations";
import { publishedKeys } from "@/lib/launcher/signing";

export const GET = handle(getLauncherKeysOperation, async () => ({ body: publishedKeys() }));
