import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

export type NavItem = { to: string; label: string; end?: boolean };

export function NavLinks({ items, vertical = false }: { items: ReadonlyArray<NavItem>; vertical?: boolean }) {
  return (
    <ul className={cn('flex gap-1', vertical ? 'flex-col' : 'items-center')}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                'block rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
                isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground',
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
