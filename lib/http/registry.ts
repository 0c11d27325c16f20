import * as system from "../system/operations";
import * as users from "../users/operations";
import type { Operation } from "./operation";

/** Every operation of the API, in the order the reference shows them. Add a domain's module here. */
export const OPERATIONS: Operation[] = [system, users].flatMap((module) => Object.values(module) as Operation[]);
