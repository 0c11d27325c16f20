import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/card";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("admin.apiDocs.title");

const METHOD_STYLES: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-red-100 text-red-800",
};

interface DocOperation {
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, unknown>[];
  parameters: { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

/** The API's operations from the OpenAPI document; their summaries and descriptions stay in English (the API's language). */
export default async function ApiReferencePage() {
  const t = await getTranslations("admin.apiDocs");
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, ...(operation as DocOperation) })),
  );
  const tags = [...new Set(operations.map((operation) => operation.tags[0]))];
  return (
    <div>
      <PageHeader
        title={t("title")}
        description={t.rich("intro", {
          code: (chunks) => <code className="break-all">{chunks}</code>,
          link: (chunks) => (
            <a className="text-indigo-700 underline" href="/api/v1/openapi.json">
              {chunks}
            </a>
          ),
        })}
      />
      <nav aria-label={t("sections")} className="mb-8 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <a
            key={tag}
            href={`#${tag}`}
            className="rounded-full bg-white px-3 py-1 text-sm text-slate-900 ring-1 ring-slate-200 hover:ring-indigo-300"
          >
            {tag}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={tag} className="mb-10">
          <h2 className="mb-4 text-lg font-semibold">{tag}</h2>
          <div className="space-y-3">
            {operations
              .filter((operation) => operation.tags[0] === tag)
              .map((operation) => (
                <details key={`${operation.method} ${operation.path}`} className="group rounded-lg bg-white ring-1 ring-slate-200">
                  <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_STYLES[operation.method]}`}>
                      {operation.method}
                    </span>
                    <code className="break-all font-mono text-sm">{operation.path}</code>
                    <span className="text-sm text-slate-600">{operation.summary}</span>
                  </summary>
                  <div className="space-y-4 border-t border-slate-200 px-4 py-4 text-sm">
                    {operation.description && <p>{operation.description}</p>}
                    <p className="text-slate-600">
                      {operation.security.length === 0
                        ? t("noAuth")
                        : operation.security.some((entry) => Object.keys(entry).length === 0)
                          ? t("authOptional")
                          : t("authRequired")}
                    </p>
                    {operation.parameters.length > 0 && (
                      <div>
                        <h3 className="font-semibold">{t("parameters")}</h3>
                        <ul className="mt-1 list-inside list-disc">
                          {operation.parameters.map((parameter) => (
                            <li key={`${parameter.in}-${parameter.name}`}>
                              <code className="break-all">{parameter.name}</code> ({t("in", { place: parameter.in })}
                              {parameter.required ? `, ${t("required")}` : ""}){parameter.description ? `: ${parameter.description}` : ""}
                            </li>
                          ))}
                        </ul>
                      </div>
                    )}
                    {operation.requestBody && (
                      <div>
                        <h3 className="font-semibold">{t("requestBody")}</h3>
                        <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
                          {operation.requestBody.content["application/json"]
                            ? JSON.stringify(operation.requestBody.content["application/json"].schema, null, 2)
                            : t("fileBody", { types: Object.keys(operation.requestBody.content).join(", ") })}
                        </pre>
                      </div>
                    )}
                    <div>
                      <h3 className="font-semibold">{t("responses")}</h3>
                      <ul className="mt-1 space-y-1">
                        {Object.entries(operation.responses).map(([status, response]) => (
                          <li key={status}>
                            <code className="font-semibold">{status}</code> {response.description}
                          </li>
                        ))}
                      </ul>
                    </div>
                  </div>
                </details>
              ))}
          </div>
        </section>
      ))}
    </div>
  );
}
