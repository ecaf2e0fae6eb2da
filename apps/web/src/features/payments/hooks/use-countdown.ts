import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `seconds` (from mount), then calls `onDone` once. The seconds
 * left are read from the clock, not counted ticks, so a throttled background tab still leaves
 * on time.
 */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [deadline] = useState(() => Date.now() + seconds * 1_000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1_000));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) done.current();
  }, [left]);

  return left;
}
