/**
 * Resources and their views (tables resources, resource_views; issue 15). The only code that
 * queries them. A caller sees the resources of every company (company_id null) and of their own;
 * a super-admin sees all.
 */
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type ResourceRow, resources, resourceViews } from '../db/schema.ts';
import { isRowId } from './is-row-id.ts';

/** Whose resources a caller sees: every company's (super-admin) or the global ones and one company's. */
export type ResourceScope = { kind: 'all' } | { kind: 'company'; companyId: number | null };

function visible(scope: ResourceScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return scope.companyId === null
    ? isNull(resources.company_id)
    : or(isNull(resources.company_id), eq(resources.company_id, scope.companyId));
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A resource as listed: no file content, with the caller's view of it. */
export interface ListedResource extends Omit<ResourceRow, 'content'> {
  has_file: boolean;
  seconds_watched: number | null;
  completed: boolean | null;
  viewed_at: Date | null;
}

/** The resources of `kind` the scope sees, newest first, matching `search` in title, description, category or carrier. */
export async function listResources(
  db: Executor,
  scope: ResourceScope,
  userId: number,
  kind: ResourceRow['kind'],
  search: string,
): Promise<ListedResource[]> {
  const text = search.trim();
  const rows = await db
    .select({
      id: resources.id,
      company_id: resources.company_id,
      kind: resources.kind,
      carrier: resources.carrier,
      title: resources.title,
      description: resources.description,
      category: resources.category,
      url: resources.url,
      file_name: resources.file_name,
      content_type: resources.content_type,
      video_file_id: resources.video_file_id,
      created_by: resources.created_by,
      created_at: resources.created_at,
      has_file: sql<boolean>`${resources.content} IS NOT NULL OR ${resources.video_file_id} IS NOT NULL`,
      seconds_watched: resourceViews.seconds_watched,
      completed: resourceViews.completed,
      viewed_at: resourceViews.updated_at,
    })
    .from(resources)
    .leftJoin(
      resourceViews,
      and(eq(resourceViews.resource_id, resources.id), eq(resourceViews.user_id, userId)),
    )
    .where(
      and(
        visible(scope),
        eq(resources.kind, kind),
        text === ''
          ? undefined
          : or(
              ilike(resources.title, like(text)),
              ilike(resources.description, like(text)),
              ilike(resources.category, like(text)),
              ilike(resources.carrier, like(text)),
            ),
      ),
    )
    .orderBy(desc(resources.created_at), desc(resources.id));
  return rows.map((row) => ({ ...row, has_file: Boolean(row.has_file) }));
}

/** One resource the scope sees (with its content), or undefined. */
export async function findResource(
  db: Executor,
  id: number,
  scope: ResourceScope,
): Promise<ResourceRow | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), visible(scope)));
  return row;
}

/** Stores a resource; returns it. */
export async function insertResource(
  db: Executor,
  values: typeof resources.$inferInsert,
): Promise<ResourceRow> {
  const [row] = await db.insert(resources).values(values).returning();
  return row;
}

/** Changes a resource's texts or address. */
export async function updateResource(
  db: Executor,
  id: number,
  patch: Partial<Pick<ResourceRow, 'title' | 'description' | 'category' | 'url' | 'carrier'>>,
): Promise<void> {
  await db.update(resources).set(patch).where(eq(resources.id, id));
}

/** Deletes a resource (its views go with it: ON DELETE CASCADE); its video file stays for the caller to delete. */
export async function deleteResource(db: Executor, id: number): Promise<void> {
  await db.delete(resources).where(eq(resources.id, id));
}

/** Records that `userId` opened a resource: seconds watched only grow, completed stays once true. */
export async function recordView(
  db: Executor,
  userId: number,
  resourceId: number,
  secondsWatched: number,
  completed: boolean,
): Promise<{ seconds_watched: number; completed: boolean }> {
  const [row] = await db
    .insert(resourceViews)
    .values({ user_id: userId, resource_id: resourceId, seconds_watched: secondsWatched, completed })
    .onConflictDoUpdate({
      target: [resourceViews.user_id, resourceViews.resource_id],
      set: {
        seconds_watched: sql`greatest(${resourceViews.seconds_watched}, excluded.seconds_watched)`,
        completed: sql`${resourceViews.completed} OR excluded.completed`,
        updated_at: sql`now()`,
      },
    })
    .returning({ seconds_watched: resourceViews.seconds_watched, completed: resourceViews.completed });
  return row;
}
