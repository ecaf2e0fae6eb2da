import { HONEYPOT_FIELD } from '@kettle/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A field people never see or reach; bots that fill every input fill it and the server
 * drops their request silently. Off-screen rather than display:none, which some bots skip.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn<typeof HONEYPOT_FIELD> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`hp-${HONEYPOT_FIELD}`} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
