/** The loader of the routes whose pages read queries outside the signed-in layout, and of that layout (ADR 540). */
import type { RouterContext } from '../../router-context.ts';

/** Resolves once the query client has loaded, so the page renders with the client provided. */
export async function loadQueryClientFor({ context }: { context: RouterContext }): Promise<void> {
  await context.loadQueryClient();
}
