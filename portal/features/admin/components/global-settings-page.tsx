/**
 * /dashboard/portal-settings/global (SPEC §2): global settings, application sources, dynamic
 * banners, widgets, quote rush, property data (issue 15) and carrier connections (issue 19), each
 * a card with its dialog.
 */
import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { widgetTitle } from '../../dashboard/widget-titles.ts';
import type { PortalSettings } from '../api/portal-settings-api.ts';
import { ApplicationSourcesDialog } from './application-sources-dialog.tsx';
import { CarrierConnectionsCard } from './carrier-connections-card.tsx';
import { DynamicBannersDialog } from './dynamic-banners-dialog.tsx';
import { GlobalSettingsDialog } from './global-settings-dialog.tsx';
import { PROPERTY_DATA_JOBS, PropertyDataDialog } from './property-data-dialog.tsx';
import { QuoteRushDialog } from './quote-rush-dialog.tsx';
import { SettingsCard } from './settings-card.tsx';
import { SettingsPageFrame } from './settings-page-frame.tsx';
import { WidgetsDialog } from './widgets-dialog.tsx';

type Dialog = 'global' | 'sources' | 'banners' | 'widgets' | 'quote-rush' | 'property-data' | null;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

function GlobalSections({ settings, companyId }: { settings: PortalSettings; companyId: number | null }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const { global, application_sources: sources, banners, widgets, quote_rush: rush } = settings;
  const propertyData = settings.property_data;
  const providerLabel = (job: (typeof PROPERTY_DATA_JOBS)[number]['job']) =>
    propertyData.available[job].find((c) => c.provider === propertyData.jobs[job].provider)?.label ??
    propertyData.jobs[job].provider;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SettingsCard
          title="Global settings"
          description="Name, time zone, quote expiry and support contacts."
          actionLabel="Edit global settings"
          onAction={() => setDialog('global')}
        >
          <Row label="Portal name" value={global.portal_name || '—'} />
          <Row label="Time zone" value={global.timezone} />
          <Row label="Quote expiry" value={`${global.quote_expiry_days} days`} />
          <Row label="Support email" value={global.support_email || '—'} />
          <Row label="Support phone" value={global.support_phone || '—'} />
        </SettingsCard>
        <SettingsCard
          title="Application sources"
          description="Where applications come from."
          actionLabel="Manage sources"
          onAction={() => setDialog('sources')}
        >
          {sources.length === 0 ? (
            <Text size="sm" c="dimmed">
              No application sources yet.
            </Text>
          ) : (
            <Group gap={6}>
              {sources.map((source) => (
                <Badge
                  key={source.id}
                  variant={source.is_active ? 'light' : 'outline'}
                  color={source.is_active ? 'green' : 'gray'}
                  radius="sm"
                >
                  {source.name}
                </Badge>
              ))}
            </Group>
          )}
        </SettingsCard>
        <SettingsCard
          title="Dynamic banners"
          description="Messages shown at the top of the portal."
          actionLabel="Manage banners"
          onAction={() => setDialog('banners')}
        >
          {banners.length === 0 ? (
            <Text size="sm" c="dimmed">
              No banners yet.
            </Text>
          ) : (
            banners.map((banner) => (
              <Group key={banner.id} gap="xs" wrap="nowrap">
                <Badge color={banner.color} variant="dot" radius="sm">
                  {banner.is_active ? 'On' : 'Off'}
                </Badge>
                <Text size="sm" lineClamp={1}>
                  {banner.message}
                </Text>
              </Group>
            ))
          )}
        </SettingsCard>
        <SettingsCard
          title="Widgets"
          description="Widgets shown on the dashboard."
          actionLabel="Choose widgets"
          onAction={() => setDialog('widgets')}
        >
          {settings.available_widgets.length === 0 ? (
            <Text size="sm" c="dimmed">
              No widgets are available.
            </Text>
          ) : (
            settings.available_widgets.map((name) => (
              <Row
                key={name}
                label={widgetTitle(name)}
                value={widgets.enabled.includes(name) ? 'On' : 'Off'}
              />
            ))
          )}
        </SettingsCard>
        <SettingsCard
          title="Quote rush"
          description="Tell agents quotes are taking longer than usual."
          actionLabel="Edit quote rush"
          onAction={() => setDialog('quote-rush')}
        >
          <Row label="Status" value={rush.enabled ? 'On' : 'Off'} />
          {rush.message ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {rush.message}
            </Text>
          ) : null}
        </SettingsCard>
        <SettingsCard
          title="Property data"
          description="Who verifies addresses and fills building and flood zone details."
          actionLabel="Edit property data"
          onAction={() => setDialog('property-data')}
        >
          {PROPERTY_DATA_JOBS.map(({ job, title }) => (
            <Row key={job} label={title} value={providerLabel(job)} />
          ))}
          <Row label="Answers reused for" value={`${propertyData.cache_days} days`} />
        </SettingsCard>
        <CarrierConnectionsCard companyId={companyId} />
      </SimpleGrid>
      <PropertyDataDialog
        opened={dialog === 'property-data'}
        value={propertyData}
        companyId={companyId}
        onClose={close}
      />
      <GlobalSettingsDialog
        opened={dialog === 'global'}
        value={global}
        companyId={companyId}
        onClose={close}
      />
      <ApplicationSourcesDialog
        opened={dialog === 'sources'}
        sources={sources}
        companyId={companyId}
        onClose={close}
      />
      <DynamicBannersDialog
        opened={dialog === 'banners'}
        banners={banners}
        companyId={companyId}
        onClose={close}
      />
      <WidgetsDialog
        opened={dialog === 'widgets'}
        enabled={widgets.enabled}
        available={settings.available_widgets}
        companyId={companyId}
        onClose={close}
      />
      <QuoteRushDialog opened={dialog === 'quote-rush'} value={rush} companyId={companyId} onClose={close} />
    </>
  );
}

/** The global settings page. */
export function GlobalSettingsPage() {
  return (
    <SettingsPageFrame title="Global settings" subtitle="How the portal looks and behaves for the agency.">
      {(settings, companyId) => <GlobalSections settings={settings} companyId={companyId} />}
    </SettingsPageFrame>
  );
}
