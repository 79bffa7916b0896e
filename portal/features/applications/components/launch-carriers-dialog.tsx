/**
 * "Launch to SOV carriers" and "Launch to manual carriers": pick carriers of the catalogue in use
 * (lib/live-carriers.ts, issue 43) that write the application's product in its state, then
 * launch-application-sov-carriers or launch-application-manual-carriers. SPEC §1, §7, docs/api.md
 * (issue 3).
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { CarriersNotReady } from '../../../components/carriers-not-ready.tsx';
import { writesProductIn } from '../../../lib/carrier-catalog.ts';
import { type LiveCarriers, useLiveCarriers } from '../../../lib/live-carriers.ts';
import { showToast } from '../../../lib/toast.ts';
import type { Application, Quote } from '../api/application-types.ts';
import { launchApplicationManualCarriers } from '../api/launch-application-manual-carriers.ts';
import { launchApplicationSovCarriers } from '../api/launch-application-sov-carriers.ts';

/** Which launch: managed-program (SOV) or manual carriers. */
export type CarrierLaunchKind = 'sov' | 'manual';

/** One carrier the dialog offers; `launched` when it already has a live quote on the application. */
export interface CarrierChoice {
  /** The value sent: a quote manager id (sov) or a carrier family name (manual). */
  value: string;
  label: string;
  launched: boolean;
}

/** Quote statuses that leave a carrier free to be launched again (reactivation does the rest). */
const FINISHED_WITHOUT_QUOTE = new Set(['declined', 'error', 'timeout']);

function hasLiveQuote(quotes: Quote[], match: (q: Quote) => boolean): boolean {
  return quotes.some((q) => match(q) && !FINISHED_WITHOUT_QUOTE.has(q.status));
}

/**
 * The carriers offered for `kind`: the SOV quote managers or manual carriers of `carriers` (the
 * catalogue in use) writing the application's product (first `carrier_quote_type`) in its
 * document's state, in catalogue order, each marked `launched` when a pending or quoted quote of it
 * exists.
 */
export function carrierChoices(
  kind: CarrierLaunchKind,
  application: Pick<Application, 'carrier_quote_type' | 'payload' | 'quotes'>,
  carriers: Pick<LiveCarriers, 'sov_carriers' | 'manual_carriers'>,
): CarrierChoice[] {
  const product = application.carrier_quote_type?.[0] ?? '';
  const rawState = application.payload?.useable_details?.state;
  const state = typeof rawState === 'string' ? rawState : '';
  const quotes = application.quotes ?? [];
  if (kind === 'sov') {
    return carriers.sov_carriers
      .filter((c) => writesProductIn(c, product, state))
      .map((c) => ({
        value: c.quote_manager_id,
        label: c.display_name,
        launched: hasLiveQuote(
          quotes,
          (q) =>
            q.carrier === c.quote_manager_id ||
            (q.carrier === c.carrier && (q.sub_carrier ?? null) === c.sub_carrier),
        ),
      }));
  }
  return carriers.manual_carriers
    .filter((c) => writesProductIn(c, product, state))
    .map((c) => ({
      value: c.carrier,
      label: c.display_name,
      launched: hasLiveQuote(quotes, (q) => q.carrier === c.carrier && q.source === 'manual'),
    }));
}

const TEXT: Record<CarrierLaunchKind, { title: string; intro: string; none: string; button: string }> = {
  sov: {
    title: 'Launch to SOV carriers',
    intro:
      'Managed-program carriers rate commercial accounts from a statement of values. Each one you pick gets a pending quote that opens its statement of values page.',
    none: 'No managed-program carrier writes this product in this state.',
    button: 'Launch to SOV carriers',
  },
  manual: {
    title: 'Launch to manual carriers',
    intro:
      'Manual carriers are quoted by an underwriter. Each one you pick gets a pending quote; it shows here once staff record the underwriter’s answer.',
    none: 'No manual carrier writes this product in this state.',
    button: 'Launch to manual carriers',
  },
};

/** Props: which launch, open state, the application, close, and the updated application after it. */
export interface LaunchCarriersDialogProps {
  kind: CarrierLaunchKind;
  opened: boolean;
  application: Application;
  onClose: () => void;
  onLaunched: (application: Application) => void;
}

/** Checkbox list of the carriers in use (a loader while they load, an alert if they cannot) and the launch button. */
export function LaunchCarriersDialog({
  kind,
  opened,
  application,
  onClose,
  onLaunched,
}: LaunchCarriersDialogProps) {
  const carriers = useLiveCarriers(opened);
  const choices = carriers.data ? carrierChoices(kind, application, carriers.data) : [];
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const text = TEXT[kind];

  // Each opening starts with every carrier not launched yet ticked, once the carriers are known:
  // the usual intent is "all of them".
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on opening and on the carriers' answer only, not per render's fresh choices.
  useEffect(() => {
    if (opened) setPicked(choices.filter((c) => !c.launched).map((c) => c.value));
  }, [opened, carriers.data]);

  async function launch() {
    setBusy(true);
    const envelope =
      kind === 'sov'
        ? await launchApplicationSovCarriers(application.id, picked)
        : await launchApplicationManualCarriers(application.id, picked);
    setBusy(false);
    if (envelope.status === 'success' && envelope.data?.application) {
      showToast(
        'success',
        'Carriers launched',
        `${picked.length} carrier${picked.length === 1 ? '' : 's'} asked for a quote.`,
      );
      onClose();
      onLaunched(envelope.data.application);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={text.title} centered size="lg">
      <Stack gap="md">
        <Text size="sm">{text.intro}</Text>
        {!carriers.isSuccess ? (
          <CarriersNotReady carriers={carriers} />
        ) : choices.length === 0 ? (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {text.none}
          </Alert>
        ) : (
          <Checkbox.Group value={picked} onChange={setPicked} label="Carriers">
            <Stack gap="xs" mt="xs">
              {choices.map((choice) => (
                <Checkbox
                  key={choice.value}
                  value={choice.value}
                  label={choice.launched ? `${choice.label} (already launched)` : choice.label}
                  disabled={choice.launched}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={launch} loading={busy} disabled={picked.length === 0}>
            {text.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
