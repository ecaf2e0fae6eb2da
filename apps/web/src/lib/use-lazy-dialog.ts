import { useRef, useState } from 'react';

/**
 * Open state of a dialog whose code loads on first use: mounted from the first open on (so the
 * chunk is fetched only when asked for), and kept mounted so closing still animates. `trigger`
 * goes on the opening button, so the dialog can give focus back to it (it is not a Radix Trigger).
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  return { open, mounted, show, setOpen, trigger };
}
