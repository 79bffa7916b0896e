/**
 * "Start from an application": a searchable list of the caller's applications (by address, from the
 * listing call) whose pick reads that application's product and predictor inputs.
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useApplicationsList } from '../../applications/api/get-agent-applications-list.ts';
import { applicationInputs, type RiskInputs } from '../api/price-predictor-api.ts';

/** What a pick gives the page. */
export interface PickedApplication {
  product: string;
  inputs: RiskInputs;
  searched_address: string;
}

/** Props: called with the picked application's inputs. */
export function ApplicationPicker({ onPicked }: { onPicked(picked: PickedApplication): void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [loading, setLoading] = useState(false);
  const list = useApplicationsList(
    {
      page: 1,
      address: debounced,
      application_id: '',
      client_name_id: '',
      application_source: '',
      carrier_quote_type: '',
    },
    20,
  );
  const options = (list.data?.applications.data ?? []).map((row) => ({
    value: String(row.id),
    label: `${row.application_id} · ${row.searched_address || 'No address'}${row.client_name ? ` · ${row.client_name}` : ''}`,
  }));
  return (
    <Select
      label="Start from an application"
      placeholder="Search by address"
      searchable
      clearable
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={list.isFetching ? 'Searching...' : 'No application at that address'}
      disabled={loading}
      onChange={async (value) => {
        if (!value) return;
        setLoading(true);
        try {
          onPicked(await applicationInputs(Number(value)));
        } catch (error) {
          showToast(
            'warning',
            'The application could not be read',
            error instanceof Error ? error.message : 'Internet issue or contact IT.',
          );
        } finally {
          setLoading(false);
        }
      }}
    />
  );
}
