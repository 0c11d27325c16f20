import pg from "pg";

/**
 * Fills a PostgreSQL database (already migrated) with `projects` projects, six roles each,
 * ten memberships each (so 100,000 projects give 1,000,000 memberships) and one benchmark user
 * who is on 20 of the teams. Done in SQL with generate_series: a few seconds per 100,000 projects.
 */
export async function seedBenchData(url: string, projects: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS bench_marker (projects int PRIMARY KEY)`);
    const { rows } = await client.query(`SELECT projects FROM bench_marker`);
    if (rows[0]?.projects === projects) return;
    const users = Math.max(10_000, projects);
    await client.query(`TRUNCATE "ProjectMember", "ProjectRole", "Project", "ApiToken", "User", bench_marker CASCADE`);
    await client.query(`
      INSERT INTO "User" (id, username, "usernameKey", email, "displayName", "passwordHash", "updatedAt")
      SELECT 'u' || g, 'user' || g, 'user' || g, 'user' || g || '@bench.test', 'User ' || g, 'x', now()
      FROM generate_series(1, ${users}) g`);
    await insertProjectsWithTeams(client, projects, users);
    await client.query(`
      INSERT INTO "User" (id, username, "usernameKey", email, "displayName", "passwordHash", "platformRoles", "partnerStatus", "updatedAt")
      VALUES ('bench', 'bench', 'bench', 'bench@bench.test', 'Bench', 'x', ARRAY['USER','PARTNER']::"PlatformRole"[], 'ACTIVE', now())`);
    await client.query(`
      INSERT INTO "ProjectMember" (id, "projectId", "userId", "roleId")
      SELECT 'mb' || k, 'p' || (1 + (k * ${Math.floor(projects / 20)}) % ${projects}), 'bench', 'r' || (1 + (k * ${Math.floor(projects / 20)}) % ${projects}) || '_MANAGER'
      FROM generate_series(0, 19) k`);
    await client.query(`ANALYZE`);
    await client.query(`INSERT INTO bench_marker VALUES ($1)`, [projects]);
  } finally {
    await client.end();
  }
}

/**
 * `projects` projects (a seventh in review, most published; a mix of visibilities), the six roles of
 * each, and ten distinct members of each: users 1 + (g + i × users/10) mod users, the first Owner.
 */
export async function insertProjectsWithTeams(client: pg.Client, projects: number, users: number) {
  await client.query(`
    INSERT INTO "Project" (id, slug, name, description, game, category, status, visibility, "submittedAt", "createdAt", "updatedAt")
    SELECT 'p' || g, 'bench-' || g, 'Project ' || g, 'A benchmark project', 'Game ' || (g % 50), 'Category ' || (g % 10),
           (ARRAY['PUBLISHED','PUBLISHED','PUBLISHED','DRAFT','IN_REVIEW','ARCHIVED','REJECTED'])[1 + g % 7]::"ProjectStatus",
           (ARRAY['PUBLIC','PUBLIC','APPLICATION_ONLY','PRIVATE','LAUNCHER'])[1 + g % 5]::"ProjectVisibility",
           CASE WHEN g % 7 = 4 THEN now() - (g || ' seconds')::interval END,
           now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${projects}) g`);
  await client.query(`
    INSERT INTO "ProjectRole" (id, "projectId", key, name, rank, permissions, "updatedAt")
    SELECT 'r' || g || '_' || r.key, 'p' || g, r.key, r.name, r.rank, r.permissions, now()
    FROM generate_series(1, ${projects}) g
    CROSS JOIN (VALUES ('OWNER','Owner',100,ARRAY['project.view']), ('MANAGER','Manager',80,ARRAY['project.view']), ('DEVELOPER','Developer',60,ARRAY['project.view']),
                       ('MODERATOR','Moderator',50,ARRAY['project.view']), ('TESTER','Tester',20,ARRAY['project.view']), ('MEMBER','Member',10,ARRAY['project.view','members.view'])) AS r(key, name, rank, permissions)`);
  // Ten distinct members per project: users (g + i × users/10) mod users.
  await client.query(`
    INSERT INTO "ProjectMember" (id, "projectId", "userId", "roleId")
    SELECT 'm' || g || '_' || i, 'p' || g, 'u' || (1 + (g + i * ${Math.floor(users / 10)}) % ${users}), 'r' || g || '_' || CASE WHEN i = 0 THEN 'OWNER' ELSE 'MEMBER' END
    FROM generate_series(1, ${projects}) g CROSS JOIN generate_series(0, 9) i`);
}
