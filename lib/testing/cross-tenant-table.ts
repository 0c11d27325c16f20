/**
 * What the project cross-tenant tables (app/api/v1/projects/*-cross-tenant.test.ts) share: the
 * callers, a project in every status × visibility × variant, and the runner that calls every
 * endpoint as every caller on every project and lists where the answer differs from the rules.
 */
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import type { Project } from "../db/generated/client";
import { PROJECT_STATUSES, PROJECT_VISIBILITIES } from "../permissions";
import type { ProjectModuleName } from "../projects/schemas";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor, unique } from "./factories";

type Owner = Awaited<ReturnType<typeof createPartner>>;
type StaffCaller = "projectLeadAdmin" | "projectLeadNoAdmin" | "supportAdmin" | "teamLeadAdmin";

/**
 * The Owner (a partner), a plain user for each of `plain`, a suspended partner (made a second
 * Owner of every project), each with a read and write token; and a Project lead, a Team lead (a
 * reviewer) and a Support member, whose tokens with the admin scope act as staff and without it as
 * signed-in users.
 */
export async function createTableCallers<Plain extends string>(plain: readonly Plain[]) {
  type Person = Plain | "owner" | "suspendedOwner";
  const owner = await createPartner();
  const people = { owner } as Record<Person, { id: string }>;
  for (const name of plain) people[name] = await createUser();
  people.suspendedOwner = await createUser({ roles: ["USER", "PARTNER"], partnerStatus: "SUSPENDED" });
  const projectLead = await createUser({ roles: ["PROJECT_LEAD"] });
  const support = await createUser({ roles: ["SUPPORT"] });
  const teamLead = await createUser({ roles: ["TEAM_LEAD"] });
  const tokens = {} as Record<Person | StaffCaller, string>;
  const users = {} as Record<Person | StaffCaller, string>;
  for (const [name, person] of Object.entries(people) as [Person, { id: string }][]) {
    users[name] = person.id;
    tokens[name] = await tokenFor(person.id, ["read", "write"]);
  }
  tokens.projectLeadAdmin = await tokenFor(projectLead.id, ["read", "write", "admin"]);
  tokens.projectLeadNoAdmin = await tokenFor(projectLead.id, ["read", "write"]);
  tokens.supportAdmin = await tokenFor(support.id, ["read", "write", "admin"]);
  tokens.teamLeadAdmin = await tokenFor(teamLead.id, ["read", "write", "admin"]);
  users.projectLeadAdmin = users.projectLeadNoAdmin = projectLead.id;
  users.supportAdmin = support.id;
  users.teamLeadAdmin = teamLead.id;
  return { owner: owner as Owner, people, tokens, users };
}

/** The two variants of a table whose modules are all on or all off. */
export const modulesOnAndOff = (modules: readonly ProjectModuleName[]) => [
  { label: "on", modules },
  { label: "off", modules: [] },
];

/**
 * One project of the callers' Owner per status × visibility × variant, named after all three,
 * with each of `members` under the role of its upper-cased name and the suspended partner as a
 * second Owner; `prepare` adds what the table needs. Answers the projects as stored after it.
 */
export async function createTableProjects<Member extends string, Variant extends { label: string; modules: readonly ProjectModuleName[] }>(
  { owner, people }: { owner: Owner; people: Record<Member | "suspendedOwner", { id: string }> },
  {
    variants,
    members,
    prepare,
  }: {
    variants: readonly Variant[];
    members: readonly Member[];
    prepare?(project: Awaited<ReturnType<typeof createProjectFor>>, variant: Variant): Promise<void>;
  },
): Promise<Project[]> {
  const projects: Project[] = [];
  for (const status of PROJECT_STATUSES) {
    for (const visibility of PROJECT_VISIBILITIES) {
      for (const variant of variants) {
        const project = await createProjectFor(owner, {
          status,
          visibility,
          modules: [...variant.modules],
          name: `${status} ${visibility} ${variant.label} ${unique("")}`,
        });
        for (const member of members) await addMemberWith(project.id, people[member].id, member.toUpperCase());
        await addMemberWith(project.id, people.suspendedOwner.id, "OWNER");
        await prepare?.(project, variant);
        projects.push(await db.project.findUniqueOrThrow({ where: { id: project.id } }));
      }
    }
  }
  return projects;
}

type Json = Record<string, unknown>;

export interface TableEndpoint<Caller extends string> {
  name: string;
  request(token: string | undefined, p: Project): Promise<{ status: number; json: Json | null }>;
  expected(caller: Caller, p: Project): number;
  /** What a successful answer must show the caller (lists: exactly what they may see); a mismatch or null. */
  shows?(caller: Caller, p: Project, json: Json): string | null;
  /** Puts back what a successful call changed, so every row starts from the same state. */
  restore?(p: Project, done: { caller: Caller; json: Json | null }): Promise<void>;
}

/**
 * One test per endpoint × caller: the caller calls the endpoint on every project of the fixture
 * (read when the test runs, after the set-up), and every answer that differs is listed.
 */
export function runTable<Caller extends string>(
  endpoints: TableEndpoint<Caller>[],
  callers: readonly Caller[],
  fixture: { tokens: Partial<Record<Caller, string>>; projects: Project[] },
  { across, timeout }: { across: string; timeout: number },
) {
  describe.each(endpoints)("$name", (endpoint) => {
    it.each(callers.map((caller) => ({ caller })))(
      `as $caller, in every ${across}`,
      async ({ caller }) => {
        const mismatches: string[] = [];
        for (const project of fixture.projects) {
          const response = await endpoint.request(fixture.tokens[caller], project);
          const expected = endpoint.expected(caller, project);
          if (response.status !== expected) mismatches.push(`${project.name}: got ${response.status}, expected ${expected}`);
          else if (response.status < 300 && endpoint.shows) {
            const wrong = endpoint.shows(caller, project, response.json!);
            if (wrong) mismatches.push(`${project.name}: ${wrong}`);
          }
          if (response.status < 300) await endpoint.restore?.(project, { caller, json: response.json });
        }
        expect(mismatches).toEqual([]);
      },
      timeout,
    );
  });
}
