import { handle } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { openApiOperation } from "@/lib/system/operations";

export const GET = handle(openApiOperation, async () => ({ body: buildOpenApiDocument() }));
