import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { changedFields, recordAudit } from "../audit-log/record";
import { db } from "../db/client";
import type { LauncherSettings, Prisma } from "../db/generated/client";
import { authorizeProject, requireModule } from "../projects/access";
import { launcherSettingsSchema, type LauncherSettingsInput } from "./schemas";

const DEFAULTS: LauncherSettingsInput = {
  offerInstall: true,
  offerUpdate: true,
  offerRepair: true,
  offerGameStart: true,
  offerVersions: false,
  launchSettings: { executable: "", arguments: [], minimumMemoryMb: 0 },
};

function present(row: LauncherSettings | null): LauncherSettingsInput {
  if (!row) return DEFAULTS;
  const launch = launcherSettingsSchema.shape.launchSettings.safeParse(row.launchSettings);
  return {
    offerInstall: row.offerInstall,
    offerUpdate: row.offerUpdate,
    offerRepair: row.offerRepair,
    offerGameStart: row.offerGameStart,
    offerVersions: row.offerVersions,
    launchSettings: launch.success ? launch.data : DEFAULTS.launchSettings,
  };
}

/** The launcher integration of a project: 404 while the LAUNCHER module is off. */
export async function getLauncherSettings(actor: Actor | null, projectId: string) {
  const { project } = await authorizeProject(actor, projectId, "launcher.manage");
  requireModule(project, "LAUNCHER");
  return present(await db.launcherSettings.findUnique({ where: { projectId } }));
}

export async function updateLauncherSettings(actor: Actor, projectId: string, input: LauncherSettingsInput, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await authorizeProject(actor, projectId, "launcher.manage", tx);
    requireModule(context.project, "LAUNCHER");
    const before = present(await tx.launcherSettings.findUnique({ where: { projectId } }));
    const data = { ...input, launchSettings: input.launchSettings as Prisma.InputJsonValue };
    const row = await tx.launcherSettings.upsert({ where: { projectId }, create: { projectId, ...data }, update: data });
    await recordAudit(tx, { ...auditContext(actor, meta), override: context.access.override }, {
      action: "launcher.update",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: changedFields(before, present(row)),
    });
    return present(row);
  });
}
