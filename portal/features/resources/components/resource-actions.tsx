/** Edit and delete buttons of a resource entry, for admins (issue 15): delete refreshes the lists. */
import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { deleteResource, type Resource } from '../api/resources-api.ts';

/** Props: the entry and what editing it opens. */
export function ResourceActions({
  resource,
  onEdit,
}: {
  resource: Resource;
  onEdit: (resource: Resource) => void;
}) {
  const queryClient = useQueryClient();
  const remove = async () => {
    if ((await deleteResource(resource.id)).status === 'success')
      await queryClient.invalidateQueries({ queryKey: ['resources'] });
  };
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Edit ${resource.title}`}
        onClick={() => onEdit(resource)}
      >
        <IconPencil size={14} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="sm"
        color="red"
        aria-label={`Delete ${resource.title}`}
        onClick={remove}
      >
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
