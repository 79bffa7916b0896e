/** `/dashboard/schema-studio` (issue 11): versions, editors, preview and test bench; admins look, super-admins change. */
import { createFileRoute } from '@tanstack/react-router';
import { SchemaStudioPage } from '../../../features/schema-studio/components/schema-studio-page.tsx';

export const Route = createFileRoute('/_signed-in/dashboard/schema-studio')({
  component: SchemaStudioPage,
});
