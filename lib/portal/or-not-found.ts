import { notFound } from "next/navigation";
import { NotFound } from "../errors";

/**
 * What a service loads for a portal page, or the 404 page where the service answers NotFound: the
 * thing is absent or the reader may not see it, and the page says so exactly as the API answers 404.
 * Every other error goes on as it is.
 */
export async function orNotFound<T>(loading: Promise<T>): Promise<T> {
  try {
    return await loading;
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}
