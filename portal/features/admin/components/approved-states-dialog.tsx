/** The approved states dialog of SPEC §2 Dialogs (super-admin): companies/set-approved-states. */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import type { CompanyRecord } from '../api/companies-api.ts';
import { setApprovedStates } from '../api/companies-api.ts';
import { StatesChecklist } from './states-checklist.tsx';

/** Props: open state, the company, and close. */
export interface ApprovedStatesDialogProps {
  opened: boolean;
  company: CompanyRecord | null;
  onClose: () => void;
}

/** Checklist of states, preselected with the company's approved states; saves the whole list. */
export function ApprovedStatesDialog({ opened, company, onClose }: ApprovedStatesDialogProps) {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setStates(company?.approved_states ?? []);
      setError(null);
    }
  }, [opened, company]);

  async function save() {
    if (!company) return;
    setBusy(true);
    const envelope = await setApprovedStates(company.id, states);
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] });
      showToast('success', 'Saved', envelope.message || 'Approved states saved.');
      onClose();
      return;
    }
    setError(fieldErrors(envelope).approved_states ?? envelope.message ?? null);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Approved states${company ? `: ${company.name}` : ''}`}
      size="lg"
      centered
    >
      <Stack gap="md">
        <StatesChecklist label="Approved states" value={states} onChange={setStates} error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Save states
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
