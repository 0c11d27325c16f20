/** The project a management form acts on: its id for the service, its slug for paths. */
export interface ProjectTarget {
  projectId: string;
  slug: string;
}
