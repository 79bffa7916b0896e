/**
 * The New application dialog: the street typed in Address 1 is autocompleted by the company's
 * address provider (picking a suggestion verifies it: standardised line, city, state, ZIP, county
 * and the rooftop point; issue 15), or the ZIP first (5 digits -> address/zip-lookup fills city,
 * state, county, lat, lng); quote type and application type; create then open the details.
 * Suggestions, the ZIP's fill and the verified address are read out (lib/announce.ts, issue 46).
 * SPEC §7 create-new-application, §8 invalid state.
 */
import {
  Autocomplete,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { announce } from '../../../lib/announce.ts';
import { useApplicationSources } from '../../../lib/application-sources.ts';
import {
  CREATABLE_APPLICATION_TYPES,
  DEFAULT_APPLICATION_SOURCE,
  INVALID_STATE_MESSAGE,
  QUOTE_TYPES,
} from '../../../lib/constants.ts';
import {
  type AddressSuggestion,
  autocompleteAddress,
  verifyAddress,
} from '../../property-data/api/property-data-api.ts';
import {
  createNewApplication,
  type NewApplicationAddress,
  type NewApplicationInput,
} from '../api/create-new-application.ts';
import { zipLookup } from '../api/zip-lookup.ts';
import { InvalidStateDialog } from './invalid-state-dialog.tsx';

/** Props: open state, close, and what to do with the created application's numeric id. */
export interface NewApplicationDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (applicationId: number) => void;
  /** `carrier_quote_type` chosen when the dialog opens (default Primary), e.g. from a product page. */
  initialQuoteType?: string;
}

const EMPTY_ADDRESS: NewApplicationAddress = {
  searched_address: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  county: '',
  lat: null,
  lng: null,
};

/** "1 Main St, Apt 2, Miami, FL 33101": the address as one line. */
export function composeSearchedAddress(
  a: Pick<NewApplicationAddress, 'address1' | 'address2' | 'city' | 'state' | 'zip'>,
): string {
  const stateZip = [a.state, a.zip].filter(Boolean).join(' ');
  return [a.address1, a.address2, a.city, stateZip]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** Wait after the last keystroke before asking for suggestions, in ms. */
const AUTOCOMPLETE_DEBOUNCE_MS = 250;

/** "1500 Meridian Ave, Miami Beach, FL 33139": a suggestion as listed (and its option value). */
export function suggestionLabel(s: AddressSuggestion): string {
  return composeSearchedAddress({
    address1: s.street_line,
    address2: s.secondary,
    city: s.city,
    state: s.state,
    zip: s.zipcode,
  });
}

/** Dialog with its own invalid-state dialog. */
export function NewApplicationDialog({
  opened,
  onClose,
  onCreated,
  initialQuoteType = 'Primary',
}: NewApplicationDialogProps) {
  const [address, setAddress] = useState<NewApplicationAddress>(EMPTY_ADDRESS);
  const [quoteType, setQuoteType] = useState<string>(initialQuoteType);
  const [applicationType, setApplicationType] = useState<string>('flood');
  const sources = useApplicationSources();
  const [source, setSource] = useState<string>(DEFAULT_APPLICATION_SOURCE);
  const [lookingUp, setLookingUp] = useState(false);
  const [zipError, setZipError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [invalidState, setInvalidState] = useState(false);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [verifying, setVerifying] = useState(false);
  /** Set once a picked suggestion was verified: whether the sandbox answered (sample data). */
  const [verified, setVerified] = useState<{ sample: boolean } | null>(null);
  const typing = useRef<{ timer?: ReturnType<typeof setTimeout>; abort?: AbortController }>({});

  // Each opening starts from the product the caller chose.
  useEffect(() => {
    if (opened) setQuoteType(initialQuoteType);
  }, [opened, initialQuoteType]);

  // A suggestion asked for just before the dialog went away must not land afterwards.
  useEffect(() => {
    const current = typing.current;
    return () => {
      clearTimeout(current.timer);
      current.abort?.abort();
    };
  }, []);

  const set = (patch: Partial<NewApplicationAddress>) => setAddress((prev) => ({ ...prev, ...patch }));

  async function onZipChange(raw: string) {
    const zip = raw.replace(/\D/g, '').slice(0, 5);
    set({ zip });
    setZipError(null);
    if (zip.length !== 5) return;
    setLookingUp(true);
    const place = await zipLookup(zip);
    setLookingUp(false);
    if (!place) {
      setZipError('Unknown ZIP code');
      return;
    }
    announce(`Filled from the ZIP code: ${place.city}, ${place.state}`);
    set({
      zip,
      city: place.city,
      state: place.state,
      county: place.county ?? '',
      lat: place.lat,
      lng: place.lng,
    });
  }

  function onStreetChange(value: string) {
    // Picking a suggestion also reports its label here: onSuggestionPicked fills the lines.
    if (suggestions.some((s) => suggestionLabel(s) === value)) return;
    set({ address1: value });
    setVerified(null);
    clearTimeout(typing.current.timer);
    typing.current.abort?.abort();
    if (value.trim().length < 3) return;
    typing.current.timer = setTimeout(async () => {
      const abort = new AbortController();
      typing.current.abort = abort;
      const found = await autocompleteAddress(value, abort.signal);
      if (abort.signal.aborted) return;
      setSuggestions(found);
      announce(
        found.length === 0
          ? 'No address suggestions'
          : `${found.length} address suggestion${found.length === 1 ? '' : 's'}: use the arrow keys to pick one`,
      );
    }, AUTOCOMPLETE_DEBOUNCE_MS);
  }

  /** A picked suggestion fills the address at once, then its verified lines, county and point. */
  async function onSuggestionPicked(label: string) {
    const picked = suggestions.find((s) => suggestionLabel(s) === label);
    if (!picked) return;
    const typed = {
      address1: picked.street_line,
      address2: picked.secondary,
      city: picked.city,
      state: picked.state,
      zip: picked.zipcode,
    };
    set({ ...typed, county: '', lat: null, lng: null });
    setErrors({});
    setZipError(null);
    setVerifying(true);
    const found = await verifyAddress(typed);
    setVerifying(false);
    if (!found) return;
    set({
      address1: found.delivery_line_1,
      city: found.city,
      state: found.state,
      zip: found.zip,
      county: found.county ?? '',
      lat: found.latitude,
      lng: found.longitude,
    });
    setVerified({ sample: found.sample });
    announce(
      `Address verified${found.sample ? ' (sample data)' : ''}: ${found.delivery_line_1}, ${found.city}, ${found.state} ${found.zip}${found.county ? `, ${found.county}` : ''}`,
    );
  }

  function close() {
    clearTimeout(typing.current.timer);
    typing.current.abort?.abort();
    setAddress(EMPTY_ADDRESS);
    setSuggestions([]);
    setVerified(null);
    setErrors({});
    setZipError(null);
    onClose();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!/^\d{5}$/.test(address.zip)) next.zip = 'Zip cannot be empty!';
    if (!address.address1.trim()) next.address1 = 'Address 1 cannot be empty!';
    if (!address.city.trim()) next.city = 'City cannot be empty!';
    if (!/^[A-Z]{2}$/.test(address.state)) next.state = 'State cannot be empty!';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSubmitting(true);
    const envelope = await createNewApplication({
      // The two Selects offer only the values the server takes (QUOTE_TYPES, CREATABLE_APPLICATION_TYPES).
      carrier_quote_type: quoteType as NewApplicationInput['carrier_quote_type'],
      application_type: applicationType as NewApplicationInput['application_type'],
      // Only agencies with sources of their own ask; the server's default is the portal's.
      ...(sources.length > 1 ? { application_source: source } : {}),
      address: { ...address, searched_address: composeSearchedAddress(address) },
    });
    setSubmitting(false);
    if (envelope.status === 'success' && envelope.data?.application) {
      const id = envelope.data.application.id;
      close();
      onCreated(id);
      return;
    }
    if (envelope.message === INVALID_STATE_MESSAGE) {
      setInvalidState(true);
      return;
    }
    if (envelope.error_obj) {
      const fieldErrors: Record<string, string> = {};
      for (const [key, message] of Object.entries(envelope.error_obj))
        fieldErrors[key.replace(/^.*\./, '')] = message;
      setErrors(fieldErrors);
    }
  }

  return (
    <>
      <Modal opened={opened} onClose={close} title="New application" size="lg" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Type the street in Address 1 and pick the address, or start with the ZIP code: city, state and
              county are filled in for you.
            </Text>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Zip"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  value={address.zip}
                  onChange={(e) => onZipChange(e.currentTarget.value)}
                  error={zipError ?? errors.zip}
                  rightSection={lookingUp ? <Loader size="xs" aria-label="Looking up ZIP" /> : null}
                  required
                  data-autofocus
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Autocomplete
                  label="Address 1"
                  autoComplete="off"
                  value={address.address1}
                  data={suggestions.map(suggestionLabel)}
                  // The provider already matched what was typed (spelling included).
                  filter={({ options }) => options}
                  onChange={onStreetChange}
                  onOptionSubmit={(label) => void onSuggestionPicked(label)}
                  error={errors.address1}
                  rightSection={verifying ? <Loader size="xs" aria-label="Verifying the address" /> : null}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Address 2"
                  autoComplete="address-line2"
                  value={address.address2}
                  onChange={(e) => set({ address2: e.currentTarget.value })}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="City"
                  value={address.city}
                  onChange={(e) => set({ city: e.currentTarget.value })}
                  error={errors.city}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 2 }}>
                <TextInput
                  label="State"
                  maxLength={2}
                  value={address.state}
                  onChange={(e) => set({ state: e.currentTarget.value.toUpperCase() })}
                  error={errors.state}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 2 }}>
                <TextInput
                  label="County"
                  value={address.county}
                  onChange={(e) => set({ county: e.currentTarget.value })}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label="Quote type"
                  data={QUOTE_TYPES.map((q) => ({ value: q.value, label: q.label }))}
                  value={quoteType}
                  onChange={(value) => setQuoteType(value ?? 'Primary')}
                  allowDeselect={false}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label="Application type"
                  data={CREATABLE_APPLICATION_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                  value={applicationType}
                  onChange={(value) => setApplicationType(value ?? 'flood')}
                  allowDeselect={false}
                />
              </Grid.Col>
              {sources.length > 1 && (
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label="Application source"
                    data={sources}
                    value={source}
                    onChange={(value) => setSource(value ?? DEFAULT_APPLICATION_SOURCE)}
                    allowDeselect={false}
                    error={errors.application_source}
                  />
                </Grid.Col>
              )}
            </Grid>
            {composeSearchedAddress(address) && (
              // A div, not a p: the Verified badge is a div, which a p may not hold.
              <Text size="sm" component="div">
                <Text span c="dimmed">
                  Address:{' '}
                </Text>
                {composeSearchedAddress(address)}
                {verified && (
                  <Badge ml="xs" size="sm" variant="light" color={verified.sample ? 'orange' : 'green'}>
                    {verified.sample ? 'Verified · Sample data' : 'Verified'}
                  </Badge>
                )}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Create application
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <InvalidStateDialog
        opened={invalidState}
        state={address.state}
        onClose={() => setInvalidState(false)}
      />
    </>
  );
}
