import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

// The dialog machinery loads on the first tap, keeping it out of every page's first load.
const DrawerPanel = lazy(() => import('./drawer-panel').then((m) => ({ default: m.DrawerPanel })));

/** A slide-in navigation drawer for narrow screens; closes itself on navigation. */
export function MobileDrawer({
  title,
  children,
  triggerClassName = 'md:hidden',
}: {
  title: string;
  children: ReactNode;
  /** The breakpoint class that hides the trigger where the full navigation shows. */
  triggerClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  const handleOpen = () => {
    setLoaded(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className={triggerClassName}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={handleOpen}
      >
        <Menu aria-hidden="true" />
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <DrawerPanel title={title} open={open} onOpenChange={setOpen} returnFocusTo={trigger}>
            {children}
          </DrawerPanel>
        </Suspense>
      ) : null}
    </>
  );
}
