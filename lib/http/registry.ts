import * as projects from "../projects/operations";
import * as reviews from "../reviews/operations";
import * as system from "../system/operations";
import * as users from "../users/operations";
import type { Operation } from "./operation";

/** Sections of the API reference, in reading order. */
const TAGS = ["System", "Authentication", "Users", "Tokens", "Notifications", "Projects", "Team", "Launcher", "Review", "Administration"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every operation of the API. Add a domain's operations module here. */
export const OPERATIONS: Operation[] = [system, users, projects, reviews]
  .flatMap((module) => Object.values(module) as Operation[])
  .sort(
    (a, b) =>
      TAGS.indexOf(a.tag) - TAGS.indexOf(b.tag) ||
      a.path.localeCompare(b.path) ||
      METHODS.indexOf(a.method) - METHODS.indexOf(b.method),
  );
