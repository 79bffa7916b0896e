/**
 * The logged-in shell as the routes compose it: AppShellLayout plus the account pieces of issue 4 —
 * the switch-back banner and menu item, the E&O expiry alert, the company's banners and quote rush
 * message, the auth/me refresh, and for
 * testing companies the AI-assistant frame; the support chat widget for everyone (when configured).
 */
import '../../styles/all-styles.ts';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { AiAssistantFrame } from '../../components/ai-assistant-frame.tsx';
import { AppShellLayout } from '../../components/app-shell-layout.tsx';
import { ChatWidget } from '../../components/chat-widget.tsx';
import { CompanyNotices } from '../../components/company-notices.tsx';
import { logoutEverywhere } from '../../features/auth/api/login.ts';
import { readPreviousUserData, useSwitchBack } from '../../features/auth/api/switch-user.ts';
import { EoExpiryAlert } from '../../features/auth/components/eo-expiry-alert.tsx';
import { SwitchBackBanner, switchBackLabel } from '../../features/auth/components/switch-back-banner.tsx';
import { aiAssistantUrl } from '../../lib/ai-assistant-url.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useMe } from '../../lib/me-query.ts';

/** Route component of the logged-in layout; `children` replace the route's outlet (Page Not Found). */
export function ShellRoute({ children }: { children?: ReactNode } = {}) {
  const navigate = useNavigate();
  const { previous_user_data } = useAuth();
  const switchBack = useSwitchBack();
  const frameSrc = useMemo(() => aiAssistantUrl(), []);
  // Keeps trial, subscription and the testing flag current for the guards and the shell.
  useMe();
  // previous_user_data drives the re-render; the reader validates its shape.
  const previous = previous_user_data ? readPreviousUserData() : null;

  return (
    <AppShellLayout
      onLogout={async () => {
        await logoutEverywhere();
        void navigate({ to: '/auth/$page_type', params: { page_type: 'login' } });
      }}
      switchBack={
        previous
          ? {
              label: switchBackLabel(previous.user.name),
              onSwitchBack: () => void switchBack().catch(() => undefined),
            }
          : null
      }
      notices={
        <>
          <SwitchBackBanner />
          <EoExpiryAlert />
          <CompanyNotices />
        </>
      }
      floating={
        <>
          <AiAssistantFrame src={frameSrc} />
          <ChatWidget />
        </>
      }
    >
      {children}
    </AppShellLayout>
  );
}
