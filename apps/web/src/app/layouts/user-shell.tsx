import { APP_NAME } from '@kettle/shared';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { MobileDrawer } from '@/components/layout/mobile-drawer';
import { NavLinks } from '@/components/layout/nav-links';
import { SkipLink } from '@/components/layout/skip-link';
import { SuspensionNotice } from '@/components/layout/suspension-notice';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { useSession } from '@/lib/session';
import { FOOTER_NAV, USER_NAV, VISITOR_NAV } from '../navigation';
import { HeaderAccount, VisitorMenuActions } from './header-account';

export function UserShell() {
  const { isAuthenticated } = useSession();
  const nav = isAuthenticated ? USER_NAV : VISITOR_NAV;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <MobileDrawer title={APP_NAME} triggerClassName="lg:hidden">
            <nav aria-label="Main menu">
              <NavLinks items={nav} vertical />
            </nav>
            {isAuthenticated ? null : <VisitorMenuActions />}
          </MobileDrawer>
          <Logo />
          <nav aria-label="Main" className="ml-4 hidden lg:block">
            <NavLinks items={nav} />
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <HeaderAccount showSignUp />
          </div>
        </div>
      </header>
      <SuspensionNotice />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground">
          <p>
            © {new Date().getFullYear()} {APP_NAME}. Spill responsibly.
          </p>
          <nav aria-label="Footer" className="flex flex-wrap gap-4">
            {FOOTER_NAV.map((item) => (
              <Link key={item.to} to={item.to} className="hover:text-foreground">
                {item.label}
              </Link>
            ))}
          </nav>
        </div>
      </footer>
    </div>
  );
}
