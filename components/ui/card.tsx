import type { ReactNode } from "react";

/** `id`: the card is a target of the page's own links (the review page's summary); it scrolls to just under the top. */
export function Card({ id, title, description, children }: { id?: string; title?: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-label={title} className="scroll-mt-4 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      {(title || description) && (
        <header className="border-b border-slate-200 px-6 py-4">
          {title && <h2 className="text-base font-semibold text-slate-900">{title}</h2>}
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </header>
      )}
      <div className="px-6 py-5">{children}</div>
    </section>
  );
}

export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="mt-2 text-sm text-slate-600">{description}</p>}
    </div>
  );
}

/**
 * A page that is one card under its header: the narrow, centred pages before signing in (sign-up,
 * the password reset) and the account pages whose whole content is one form or list.
 */
export function CardPage({
  title,
  description,
  narrow = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={narrow ? "mx-auto max-w-md" : "space-y-8"}>
      <PageHeader title={title} description={description} />
      <Card>{children}</Card>
    </div>
  );
}
