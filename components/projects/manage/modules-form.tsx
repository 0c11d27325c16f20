"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectModuleName } from "@/lib/projects/schemas";
import type { ProjectTarget } from "./presentation-form";
import { ReviewedFormFooter } from "./review-lock";

/** The modules that can be turned on today (Hosting comes later), each with its requirements in `manage.modules.requires`. */
type AvailableModule = Exclude<ProjectModuleName, "HOSTING">;

interface ModuleRow {
  module: ProjectModuleName;
  available: boolean;
}

export function ModulesForm({
  target,
  modules,
  enabled,
  version,
  action,
  locked,
}: {
  target: ProjectTarget;
  modules: ModuleRow[];
  enabled: ProjectModuleName[];
  version: number;
  action: (target: ProjectTarget, input: { modules: ProjectModuleName[] }, version: number) => Promise<FormResult<{ version: number }>>;
  /** The project's reviewed content is locked (lib/permissions `reviewedContentLocked`): the fields are disabled, no Save is offered. */
  locked: boolean;
}) {
  const t = useTranslations("manage.modules");
  const labels = useTranslations("labels.module");
  const help = useTranslations("projects.moduleHelp");
  const form = useForm<{ modules: ProjectModuleName[]; version: number }>({ defaultValues: { modules: enabled, version } });
  const { submit, pending, notice } = useActionForm(
    form,
    (values) => action(target, { modules: values.modules }, values.version),
    (data, values) => form.reset({ ...values, version: data!.version }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t("title")} className="space-y-4">
      <fieldset disabled={locked} className="min-w-0">
        <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
          {modules.map((row) => (
            <li key={row.module} className="flex items-start gap-3 p-4">
              <input
                id={`module-${row.module}`}
                type="checkbox"
                value={row.module}
                disabled={!row.available}
                aria-describedby={row.available ? `module-${row.module}-requires` : undefined}
                className="mt-1 size-4"
                {...form.register("modules")}
              />
              <div className="flex-1">
                <label htmlFor={`module-${row.module}`} className="block">
                  <span className="block text-sm font-medium">
                    {labels(row.module)}{" "}
                    {!row.available && (
                      <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{t("comingLater")}</span>
                    )}
                  </span>
                  <span className="block text-sm text-slate-500">{help(row.module)}</span>
                </label>
                {/* What turning it on asks for: other modules, and what the review checks (lib/reviews/completeness.ts). */}
                {row.available && (
                  <p id={`module-${row.module}-requires`} className="mt-1 text-xs text-slate-600">
                    {t(`requires.${row.module as AvailableModule}`)}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
      {form.formState.errors.modules && (
        <p role="alert" className="text-sm text-red-600">
          {form.formState.errors.modules.message}
        </p>
      )}
      <p className="text-xs text-slate-500">{t("offKeepsData")}</p>
      <ReviewedFormFooter pending={pending} label={t("save")} pendingLabel={t("saving")} notice={notice} locked={locked} />
    </form>
  );
}
