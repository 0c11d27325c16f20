import Link from "next/link";

/** The way back to a project from one of its public sub-pages (its announcements, one of its pages). */
export function ProjectBackLink({ project }: { project: { slug: string; name: string } }) {
  return (
    <p className="text-sm text-slate-500">
      <Link href={`/projects/${project.slug}`} className="hover:text-slate-700">
        ← {project.name}
      </Link>
    </p>
  );
}
