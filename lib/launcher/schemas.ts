import { z } from "zod";

export const launcherSettingsSchema = z.strictObject({
  offerInstall: z.boolean(),
  offerUpdate: z.boolean(),
  offerRepair: z.boolean(),
  offerGameStart: z.boolean(),
  offerVersions: z.boolean(),
  launchSettings: z.strictObject({
    executable: z.string().trim().max(260).default(""),
    arguments: z.array(z.string().max(200)).max(20).default([]),
    minimumMemoryMb: z.int().min(0).max(65_536).default(0),
  }),
});
export type LauncherSettingsInput = z.infer<typeof launcherSettingsSchema>;
