import { APP_NAME } from '@kettle/shared';
import { Outlet } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { MobileDrawer } from '@/components/layout/mobile-drawer';
import { NavLinks } from '@/components/layout/nav-links';
import { SkipLink } from '@/components/layout/skip-link';
import { SuspensionNotice } from '@/components/layout/suspension-notice';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { AdminGuard } from '../guards/admin-guard';
import { ADMIN_NAV } from '../navigation';
import { HeaderAccount } from './header-account';

export function AdminShell() {
  return (
    <AdminGuard>
      <AdminChrome />
    </AdminGuard>
  );
}

function AdminChrome() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          {/* Eight sections fit beside the logo and the account controls from xl only. */}
          <MobileDrawer title={`${APP_NAME} Admin`} triggerClassName="xl:hidden">
            <nav aria-label="Admin menu">
              <NavLinks items={ADMIN_NAV} vertical />
            </nav>
          </MobileDrawer>
          <Logo to="/admin/" />
          <span className="hidden rounded-md bg-secondary px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-secondary-foreground sm:inline">
            Admin
          </span>
          <nav aria-label="Admin" className="ml-4 hidden xl:block">
            <NavLinks items={ADMIN_NAV} />
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <HeaderAccount />
          </div>
        </div>
      </header>
      <SuspensionNotice />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
