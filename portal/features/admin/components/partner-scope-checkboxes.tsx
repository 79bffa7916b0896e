/**
 * The scopes of a partner API key as checkboxes (issue 16, docs/decisions/291-partner-key-scopes.md),
 * shared by the create form and the edit form of the API credentials dialog.
 */
import { Checkbox, Group } from '@mantine/core';
import { PARTNER_SCOPE_OPTIONS, type PartnerScopeName } from '../api/partner-scope-options.ts';

/** Props: the chosen scope values and what to do when they change. */
export interface PartnerScopeCheckboxesProps {
  value: PartnerScopeName[];
  onChange: (scopes: PartnerScopeName[]) => void;
}

/** "What the key may do": one checkbox per scope, in the server's order. */
export function PartnerScopeCheckboxes({ value, onChange }: PartnerScopeCheckboxesProps) {
  return (
    <Checkbox.Group
      label="What the key may do"
      value={value}
      // The group's values are the checkboxes' below, PARTNER_SCOPE_OPTIONS values only.
      onChange={(values) => onChange(values as PartnerScopeName[])}
    >
      <Group gap="md" mt={4}>
        {PARTNER_SCOPE_OPTIONS.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
