import { handlers } from "@/lib/portal/next-auth";

export const { GET, POST } = handlers;
