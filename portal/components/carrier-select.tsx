/**
 * A carrier family picker (issue 43): the families of the catalogue in use (carrier-catalogue/carriers,
 * lib/live-carriers.ts) by display name, each's `name` the value, so a carrier a super-admin publishes
 * after the build can be picked. Disabled with a loader while the carriers load; in their place, an
 * alert with Retry when they cannot be read. Used by the reporting carrier filter and the resources
 * dialog's carrier picker.
 */
import { Loader, Select, type SelectProps } from '@mantine/core';
import { carrierFamiliesByDisplayName } from '../lib/carrier-catalog.ts';
import { useLiveCarriers } from '../lib/live-carriers.ts';
import { CarriersLoadError } from './carriers-load-error.tsx';

/** Props: those of Mantine's Select (label, value, onChange, clearable...), without `data`. */
export type CarrierSelectProps = Omit<SelectProps, 'data'>;

/** The Select of the carriers in use, or the alert that they could not be loaded. */
export function CarrierSelect({ disabled, placeholder, ...props }: CarrierSelectProps) {
  const carriers = useLiveCarriers();
  if (carriers.isError) {
    return <CarriersLoadError carriers={carriers} />;
  }
  const families = carriers.data ? carrierFamiliesByDisplayName(carriers.data) : [];
  return (
    <Select
      {...props}
      searchable
      disabled={disabled || carriers.isPending}
      placeholder={carriers.isPending ? 'Loading the carriers…' : placeholder}
      rightSection={carriers.isPending ? <Loader size="xs" aria-label="Loading the carriers" /> : undefined}
      data={families.map((family) => ({ value: family.name, label: family.display_name }))}
    />
  );
}
