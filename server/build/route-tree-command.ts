/**
 * `npm run routes:generate`: rewrites portal/routeTree.gen.ts from the route files under
 * portal/routes/ (ADR 762), as `npm run dev` and `npm run build` do on their way.
 */
import { writeRouteTree } from './route-tree-generate.ts';

await writeRouteTree();
console.log('portal/routeTree.gen.ts is current.');
