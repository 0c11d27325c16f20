import { unknownEndpoint } from "@/lib/http/route";

// Any /api/v1 path no route handles: 404 problem+json instead of the portal's HTML page.
export const GET = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
