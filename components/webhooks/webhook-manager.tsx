"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { ListOrNone } from "@/components/ui/list-or-none";
import { Button } from "@/components/ui/button";
import { SecretBox } from "@/components/ui/secret-box";
import { DataTable } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";
import { type DeliveryView, type WebhookFormValues, type WebhookView, webhookFormSchema } from "@/lib/webhooks/schemas";

/** A webhook as the page shows it: with its latest attempts. */
export type WebhookWithDeliveries = WebhookView & { deliveries: DeliveryView[] };

/**
 * What the manager calls, bound on the server to its scope (a project, or the platform): the
 * same services as the API.
 */
export interface WebhookActions {
  create: (input: WebhookFormValues) => Promise<FormResult<{ id: string; secret: string }>>;
  setActive: (webhookId: string, active: boolean) => Promise<FormResult>;
  rotate: (webhookId: string) => Promise<FormResult<{ secret: string }>>;
  ping: (webhookId: string) => Promise<FormResult>;
  remove: (webhookId: string) => Promise<FormResult>;
  redeliver: (webhookId: string, deliveryId: string) => Promise<FormResult>;
}

/** The event types grouped by what they are about (`project.updated` under "project"). */
function groups(eventTypes: readonly string[]): [string, string[]][] {
  const byGroup = new Map<string, string[]>();
  for (const type of eventTypes) {
    const group = type.split(".")[0];
    byGroup.set(group, [...(byGroup.get(group) ?? []), type]);
  }
  return [...byGroup];
}

/**
 * Webhooks of a project or of the platform: create one (URL, description, a checklist of events or
 * all of them; the secret is shown once with a copy button), and for each the state, a test ping,
 * switching it off and on, a new secret, deleting, and the latest deliveries with redelivery.
 */
export function WebhookManager({
  webhooks,
  eventTypes,
  actions,
}: {
  webhooks: WebhookWithDeliveries[];
  eventTypes: readonly string[];
  actions: WebhookActions;
}) {
  const t = useTranslations("webhooks");
  const [secret, setSecret] = useState<{ webhookId: string; value: string } | null>(null);
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: webhookFormSchema,
    defaultValues: { url: "", description: "", events: ["*"], active: true },
    action: (values) => actions.create(values),
    onSuccess: (created) => {
      if (created) setSecret({ webhookId: created.id, value: created.secret });
      form.reset({ url: "", description: "", events: ["*"], active: true });
    },
  });
  const chosen: string[] = form.watch("events") ?? [];
  const all = chosen.includes("*");
  const toggle = (type: string, on: boolean) => {
    const rest = chosen.filter((entry) => entry !== "*" && entry !== type);
    form.setValue("events", (on ? [...rest, type] : rest) as WebhookFormValues["events"], { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <div className="space-y-8">
      {secret && (
        <SecretBox
          title={t("secretTitle")}
          value={secret.value}
          copyLabel={t("copySecret")}
          hint={t("secretHint")}
          testId="webhook-secret"
        />
      )}
      <form onSubmit={submit} noValidate aria-label={t("new")} className="space-y-4">
        <TextField
          label={t("url")}
          type="url"
          placeholder="https://"
          hint={t("urlHint")}
          error={errors.url?.message}
          {...form.register("url")}
        />
        <TextField label={t("description_field")} error={errors.description?.message} {...form.register("description")} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">{t("events")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 text-indigo-600"
              checked={all}
              onChange={(event) =>
                form.setValue("events", event.target.checked ? ["*"] : [], { shouldValidate: form.formState.isSubmitted })
              }
            />
            {t("allEvents")}
          </label>
          {!all && (
            <div className="grid gap-3 sm:grid-cols-2">
              {groups(eventTypes).map(([group, types]) => (
                <div key={group} className="rounded-md p-3 ring-1 ring-slate-200">
                  <p className="text-xs font-semibold uppercase text-slate-500">{group}</p>
                  {types.map((type) => (
                    <label key={type} className="mt-1 flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 rounded border-slate-300 text-indigo-600"
                        checked={chosen.includes(type)}
                        onChange={(event) => toggle(type, event.target.checked)}
                      />
                      <code className="font-mono text-xs">{type}</code>
                    </label>
                  ))}
                </div>
              ))}
            </div>
          )}
          {errors.events && <p className="text-sm text-red-700">{errors.events.message}</p>}
        </fieldset>
        <FormFooter pending={pending} label={t("create")} pendingLabel={t("creating")} notice={notice} />
      </form>
      <section aria-labelledby="webhook-list" className="space-y-4">
        <h3 id="webhook-list" className="text-sm font-semibold text-slate-900">
          {t("listTitle")}
        </h3>
        <ListOrNone items={webhooks} none={t("none")} boxed>
          <ul className="space-y-4">
            {webhooks.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                webhook={webhook}
                actions={actions}
                onSecret={(value) => setSecret({ webhookId: webhook.id, value })}
                onDeleted={() => secret?.webhookId === webhook.id && setSecret(null)}
              />
            ))}
          </ul>
        </ListOrNone>
      </section>
    </div>
  );
}

function WebhookItem({
  webhook,
  actions,
  onSecret,
  onDeleted,
}: {
  webhook: WebhookWithDeliveries;
  actions: WebhookActions;
  onSecret: (secret: string) => void;
  onDeleted: () => void;
}) {
  const t = useTranslations("webhooks");
  // One action at a time per webhook: all its buttons wait while one runs.
  const { run, pending } = useAction();
  const state = webhook.disabledAt ? "disabled" : !webhook.active ? "off" : webhook.failingSince ? "failing" : "on";
  const stateStyle = { on: "text-emerald-700", off: "text-slate-600", failing: "text-amber-700", disabled: "text-red-700" }[state];

  return (
    <li className="space-y-3 rounded-md p-4 ring-1 ring-slate-200" data-testid="webhook">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm text-slate-900">{webhook.url}</p>
          {webhook.description && <p className="text-sm text-slate-600">{webhook.description}</p>}
          <p className="text-xs text-slate-500">
            <span className={`font-medium ${stateStyle}`}>{t(`state.${state}`)}</span> ·{" "}
            {webhook.events.includes("*") ? t("allEvents") : webhook.events.join(", ")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" pending={pending} onClick={() => run(() => actions.ping(webhook.id))}>
            {t("ping")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            pending={pending}
            onClick={() => run(() => actions.setActive(webhook.id, !webhook.active))}
          >
            {webhook.active ? t("switchOff") : t("switchOn")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            pending={pending}
            onClick={() =>
              run(() => actions.rotate(webhook.id), {
                confirm: { title: t("rotateTitle"), body: t("rotateBody"), confirmLabel: t("rotateConfirm") },
                onSuccess: ({ data }) => data && onSecret(data.secret),
              })
            }
          >
            {t("rotate")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            pending={pending}
            aria-label={t("deleteOf", { url: webhook.url })}
            onClick={() =>
              run(() => actions.remove(webhook.id), {
                confirm: { title: t("deleteTitle"), body: t("deleteBody", { url: webhook.url }), confirmLabel: t("deleteConfirm") },
                onSuccess: onDeleted,
              })
            }
          >
            {t("delete")}
          </Button>
        </div>
      </div>
      {webhook.deliveries.length === 0 ? (
        <p className="text-sm text-slate-500">{t("noDeliveries")}</p>
      ) : (
        <DataTable
          caption={t("deliveriesOf", { url: webhook.url })}
          regionLabel={t("deliveriesOf", { url: webhook.url })}
          columns={[
            { label: t("column.event") },
            { label: t("column.status") },
            { label: t("column.response") },
            { label: t("column.duration"), className: "hidden sm:table-cell" },
            { label: t("column.at") },
            { label: t("redeliver"), srOnly: true },
          ]}
        >
          {webhook.deliveries.map((delivery) => (
            <tr key={delivery.id} data-testid="delivery">
              <td className="py-2 pr-3">
                <code className="font-mono text-xs">{delivery.type}</code>
                <span className="block text-xs text-slate-500">{t("attempt", { attempt: delivery.attempt })}</span>
              </td>
              <td className="py-2 pr-3">{t(`status.${delivery.status}`)}</td>
              <td className="py-2 pr-3" title={delivery.responseBody ?? undefined}>
                {delivery.responseStatus ?? (delivery.status === "FAILED" ? t("noAnswer") : "")}
              </td>
              <td className="hidden py-2 pr-3 sm:table-cell">{delivery.durationMs !== null ? t("ms", { ms: delivery.durationMs }) : ""}</td>
              <td className="py-2 pr-3">
                <LocalTime at={delivery.at} />
              </td>
              <td className="py-2">
                {delivery.status !== "PENDING" && (
                  <Button
                    type="button"
                    variant="secondary"
                    pending={pending}
                    aria-label={t("redeliverOf", { type: delivery.type, attempt: delivery.attempt })}
                    onClick={() => run(() => actions.redeliver(webhook.id, delivery.id))}
                  >
                    {t("redeliver")}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </li>
  );
}
