-- Roles deleted before 2026-11-26 stayed among a project's roles offered to applicants, and every
-- later settings save then failed with 400. Keep only ids of roles that still exist in the project.
UPDATE "Project" AS p
SET "settings" = jsonb_set(
  p."settings",
  '{offeredRoleIds}',
  COALESCE(
    (
      SELECT jsonb_agg(offered.id ORDER BY offered.position)
      FROM jsonb_array_elements_text(p."settings" -> 'offeredRoleIds') WITH ORDINALITY AS offered(id, position)
      WHERE EXISTS (SELECT 1 FROM "ProjectRole" r WHERE r."id" = offered.id AND r."projectId" = p."id")
    ),
    '[]'::jsonb
  )
)
WHERE jsonb_typeof(p."settings" -> 'offeredRoleIds') = 'array';
