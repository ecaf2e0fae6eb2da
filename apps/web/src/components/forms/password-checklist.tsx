import { PASSWORD_RULES } from '@kettle/shared';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The live checklist of the shared password rules; each item says met or not met in words too. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul aria-label="Password requirements" className="mt-1 grid gap-1 sm:grid-cols-2">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        const Icon = met ? Check : X;
        return (
          <li
            key={rule.id}
            data-met={met}
            className={cn('flex items-center gap-1.5 text-xs', met ? 'text-success' : 'text-muted-foreground')}
          >
            <Icon className="size-3.5 shrink-0" aria-hidden="true" />
            <span>{rule.label}</span>
            <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
