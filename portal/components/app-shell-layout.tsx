/**
 * The dashboard layout of SPEC §2 Shell: header (logo, options menu, working hours, colour mode,
 * user menu), navigation drawer (burger on small screens; its icons from the icon set, SPEC §9), loading bar. The drawer and the options
 * menu close after every navigation (SPEC §4 Navbar).
 */
import {
  ActionIcon,
  AppShell,
  Burger,
  Group,
  Menu,
  NavLink,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDotsVertical, IconMail, IconPhone, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { mayOpenPage } from '../lib/area-access.ts';
import { type StoredCompany, type StoredUser, useAuth } from '../lib/auth-store.ts';
import { SUPER_ADMIN_REDIRECTED_PATHS } from '../lib/constants.ts';
import { useFocusWhenLost } from '../lib/focus-when-lost.ts';
import { PAGE_AREA_NAME, pageTransitionCss } from '../lib/page-transition.ts';
import { useStickyBar } from '../lib/sticky-clearance.ts';
import { useWideScreen } from '../lib/use-wide-screen.ts';
import { ColorModeSwitch } from './color-mode-switch.tsx';
import { PortalBrand, usePortalTitle } from './portal-brand.tsx';
import { SetIcon } from './set-icon.tsx';
import { ShellLoadingBar } from './shell-loading-bar.tsx';
import { SkipToContentLink } from './skip-to-content-link.tsx';
import { type SwitchBackAction, UserMenu } from './user-menu.tsx';
import { WorkingHourBadge } from './working-hour-badge.tsx';

const NAV_ITEMS = [
  { to: '/dashboard', label: 'Dashboard', icon: 'tabler:layout-dashboard' },
  { to: '/agent-portal', label: 'Applications', icon: 'tabler:file-description' },
  { to: '/agent-portal/commercial-flood', label: 'Commercial flood', icon: 'tabler:building-skyscraper' },
  { to: '/agent-portal/excess-flood', label: 'Excess flood', icon: 'tabler:stack-2' },
] as const;

/**
 * Entries lit only on their own page: the pages under /dashboard (plans, profile, each area) are not
 * part of the dashboard, so the Dashboard entry stays dark there.
 */
const EXACT_NAV_PATHS = ['/dashboard'];

/**
 * The navigation entry to highlight for `pathname`: the longest entry path equal to it or a parent of
 * it, so /agent-portal/commercial-flood lights "Commercial flood", not "Applications" too; an entry
 * of `exactPaths` only when equal. Null when no entry matches.
 */
export function activeNavPath(
  pathname: string,
  paths: readonly string[],
  exactPaths: readonly string[] = EXACT_NAV_PATHS,
): string | null {
  const matching = paths.filter(
    (to) => pathname === to || (!exactPaths.includes(to) && pathname.startsWith(`${to}/`)),
  );
  return matching.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** Bulk upload (issue 13); shown when its area is granted (issue 20). */
const BULK_UPLOAD_NAV_ITEMS = [
  { to: '/dashboard/bulk-upload', label: 'Bulk upload', icon: 'tabler:upload' },
] as const;

/** Reporting and commission (issue 12), resources and the price predictor (issue 15) and texting (issue 14); each shown when its area is granted (issue 20). */
const REPORTING_NAV_ITEMS = [
  { to: '/dashboard/reporting', label: 'Reporting', icon: 'tabler:chart-bar' },
  { to: '/dashboard/reporting/analytics', label: 'Analytics', icon: 'tabler:chart-line' },
  { to: '/dashboard/commission', label: 'Commission', icon: 'tabler:receipt' },
  { to: '/dashboard/resources', label: 'Resources', icon: 'tabler:books' },
  { to: '/dashboard/price-predictor', label: 'Price predictor', icon: 'tabler:calculator' },
  { to: '/dashboard/texto', label: 'Texting', icon: 'tabler:messages' },
] as const;

// Administration areas (issue 4): only admins and super-admins get the links (SPEC §6).
const ADMIN_NAV_ITEMS = [
  { to: '/dashboard/mga-management', label: 'MGA management', icon: 'tabler:building-community' },
  { to: '/dashboard/portal-settings', label: 'Portal settings', icon: 'tabler:settings' },
  { to: '/dashboard/schema-studio', label: 'Schema studio', icon: 'tabler:forms' },
  { to: '/dashboard/audit-trail', label: 'Audit trail', icon: 'tabler:history' },
] as const;

/** The carrier catalogue (issue 43, ADR 772): super-admins only. */
const SUPER_ADMIN_NAV_ITEMS = [
  { to: '/dashboard/carrier-catalogue', label: 'Carrier catalogue', icon: 'tabler:truck-delivery' },
] as const;

/** Props: logout action and the account pieces, supplied by the route layer. */
export interface AppShellLayoutProps {
  onLogout: () => void;
  /** Shown above every page (switch-back banner, E&O expiry alert). */
  notices?: ReactNode;
  /** Fixed-position extras outside the layout (AI-assistant frame, chat widget). */
  floating?: ReactNode;
  /** The user menu's "Switch back to <name>" item, when acting as another user. */
  switchBack?: SwitchBackAction | null;
  /** The page to show instead of the route's outlet (Page Not Found for an unknown URL). */
  children?: ReactNode;
}

/**
 * Nav items the user may open: the pages of the areas in their `user_accesses_final` (the one
 * access decision, issue 20: a customer gets none) and the ungated ones; a super-admin does not see
 * the agent-only pages (ADR 090); admins and super-admins also get the administration areas.
 */
export function visibleNavItems(user: StoredUser | null) {
  const role = user?.role;
  const hidden: readonly string[] = role === 'super-admin' ? SUPER_ADMIN_REDIRECTED_PATHS : [];
  const admin = role === 'admin' || role === 'super-admin' ? ADMIN_NAV_ITEMS : [];
  const superAdmin = role === 'super-admin' ? SUPER_ADMIN_NAV_ITEMS : [];
  return [...NAV_ITEMS, ...BULK_UPLOAD_NAV_ITEMS, ...REPORTING_NAV_ITEMS, ...admin, ...superAdmin].filter(
    (item) => !hidden.includes(item.to) && mayOpenPage(user, item.to),
  );
}

/**
 * The agency's support contacts (portal settings global support_email, support_phone) as links of
 * the Options menu: mailto and tel. None set: none shown.
 */
export function supportContacts(company: StoredCompany | null | undefined) {
  const contacts: { href: string; label: string; Icon: typeof IconMail }[] = [];
  if (company?.support_email)
    contacts.push({ href: `mailto:${company.support_email}`, label: company.support_email, Icon: IconMail });
  if (company?.support_phone)
    contacts.push({
      href: `tel:${company.support_phone.replace(/[^+\d]/g, '')}`,
      label: company.support_phone,
      Icon: IconPhone,
    });
  return contacts;
}

/** AppShell around the logged-in pages. */
export function AppShellLayout({ onLogout, notices, floating, switchBack, children }: AppShellLayoutProps) {
  const { user } = useAuth();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The path whose page is on screen (the last rendered match): while the next route loads, the URL
  // has moved on but the page it leaves is still shown (and focusable). From the shell's first render
  // on, so arriving from a page outside the shell (sign-in) is the first showing, not a change.
  const shownPathname = useRouterState({ select: (s) => s.matches.at(-1)?.pathname ?? s.location.pathname });
  const [showDrawer, setShowDrawer] = useState(false);
  const [showOptions, setShowOptions] = useState(false);
  // Below the sm breakpoint the folded navigation only slides off screen: inert, its links are no
  // Tab stops a keyboard user cannot see (issue 46).
  const wide = useWideScreen();
  const navigationHidden = !wide && !showDrawer;
  const queryClient = useQueryClient();
  const main = useRef<HTMLElement>(null);
  // The fixed header covers the top of the page: focus scrolled to is kept below it (ADR 749).
  const header = useRef<HTMLElement>(null);
  useStickyBar(header, 'top');
  // A page that replaced the focused element (a dialog that navigated, a link's page gone) hands
  // focus to the new page, not back to the top of the document. Keyed on the page shown, not the
  // URL: a Tab pressed while the next route loads can land in the page it is about to replace.
  useFocusWhenLost(main, shownPathname);
  const navItems = visibleNavItems(user);
  const activePath = activeNavPath(
    pathname,
    navItems.map((item) => item.to),
  );

  usePortalTitle(navItems.find((item) => item.to === activePath)?.label ?? 'Agent Portal');
  const support = supportContacts(user?.company);

  // SPEC §4 Navbar: both reset after each navigation; SPEC §2: scroll to top on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed.
  useEffect(() => {
    setShowDrawer(false);
    setShowOptions(false);
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !showDrawer } }}
      padding="lg"
    >
      <ShellLoadingBar />
      <SkipToContentLink target={main} />
      <AppShell.Header ref={header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={showDrawer}
              onClick={() => setShowDrawer((open) => !open)}
              hiddenFrom="sm"
              size="sm"
              aria-label={showDrawer ? 'Close navigation' : 'Open navigation'}
              aria-expanded={showDrawer}
              aria-controls="main-navigation"
            />
            <Link
              to="/dashboard"
              // A 44 px target on a phone too (WCAG 2.5.5, issue 40).
              style={{
                textDecoration: 'none',
                color: 'inherit',
                display: 'inline-flex',
                alignItems: 'center',
                minHeight: 44,
                minWidth: 44,
              }}
            >
              {/* The link's name is what it shows, after "Home:" (the name alone on narrow screens). */}
              <VisuallyHidden>Home: </VisuallyHidden>
              <Group gap={6} wrap="nowrap">
                <PortalBrand nameVisibleFrom="xs" />
                <Text c="dimmed" size="sm" visibleFrom="md">
                  Agent Portal
                </Text>
              </Group>
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <WorkingHourBadge />
            <ColorModeSwitch />
            <Menu opened={showOptions} onChange={setShowOptions} position="bottom-end" withArrow shadow="md">
              <Menu.Target>
                <Tooltip label="Options" withArrow>
                  <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Options">
                    <IconDotsVertical size={18} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconRefresh size={16} />}
                  onClick={() => queryClient.invalidateQueries()}
                >
                  Refresh data
                </Menu.Item>
                {support.length > 0 && <Menu.Label>Support</Menu.Label>}
                {support.map(({ href, label, Icon }) => (
                  <Menu.Item
                    key={href}
                    component="a"
                    href={href}
                    leftSection={<Icon size={16} aria-hidden />}
                  >
                    {label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <UserMenu onLogout={onLogout} switchBack={switchBack} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation" id="main-navigation" inert={navigationHidden}>
        {navItems.map(({ to, label, icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            // The router marks parent paths active too (aria-current, which Mantine highlights):
            // only the exact path; `active` below lights the entry of nested pages.
            activeOptions={{ exact: true, includeSearch: false }}
            label={label}
            leftSection={<SetIcon icon={icon} size={18} />}
            active={activePath === to}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </AppShell.Navbar>
      {/* Focused by the skip link and after a navigation; not a control, so no focus ring of its own. */}
      <AppShell.Main ref={main} id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        {notices}
        <style>{pageTransitionCss()}</style>
        {/* The page area is what the out-in transition fades (SPEC §9); the notices stay. */}
        <div data-page-area style={{ viewTransitionName: PAGE_AREA_NAME }}>
          {children ?? <Outlet />}
        </div>
      </AppShell.Main>
      {floating}
    </AppShell>
  );
}
