"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { MembershipView } from "@/lib/applications/schemas";
import type { FormResult } from "@/lib/portal/form-result";

/** Made once: toLocaleDateString would build a formatter for every row. */
const SINCE = new Intl.DateTimeFormat("en");

/**
 * A user's memberships: project, role, since when; with a Leave button (after a confirmation) when
 * the page passes `leave` (one's own list). `more` says the list is the newest page only.
 */
export function MembershipList({ memberships, more = false, leave }: {
  memberships: MembershipView[];
  more?: boolean;
  leave?: (target: { projectId: string; slug: string }) => Promise<FormResult>;
}) {
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  return (
    <div className="space-y-3">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {memberships.length === 0 ? (
        <p className="text-sm text-slate-500">Not on any project team.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Memberships</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="py-2">Project</th>
              <th scope="col" className="py-2">Role</th>
              <th scope="col" className="py-2">Since</th>
              {leave && (
                <th scope="col" className="py-2 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {memberships.map(({ project, role, since }) => (
              <tr key={project.id}>
                <td className="py-2">
                  <Link href={`/projects/${project.slug}`} className="font-medium text-slate-900 hover:text-indigo-700">
                    {project.name}
                  </Link>
                </td>
                <td className="py-2">{role.name}</td>
                <td className="py-2">{SINCE.format(new Date(since))}</td>
                {leave && (
                  <td className="py-2 text-right">
                    <Button
                      type="button"
                      variant="ghost"
                      pending={pending && busy === project.id}
                      onClick={() => {
                        if (!window.confirm(`Leave ${project.name}? You lose your role in its team.`)) return;
                        setBusy(project.id);
                        startTransition(async () => {
                          const result = await leave({ projectId: project.id, slug: project.slug });
                          setNotice({ tone: result.ok ? "success" : "error", text: result.message });
                          setBusy(null);
                        });
                      }}
                    >
                      Leave
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && <p className="text-sm text-slate-500">The newest {memberships.length} are shown; the API lists all of them (GET /api/v1/users/{"{id}"}/memberships).</p>}
    </div>
  );
}
