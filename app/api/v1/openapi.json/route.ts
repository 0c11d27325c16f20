import { handle, otherMethods } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { openApiOperation } from "@/lib/system/operations";

export const GET = handle(openApiOperation, async () => ({ body: buildOpenApiDocument() }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(openApiOperation.path);
