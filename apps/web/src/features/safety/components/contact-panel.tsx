import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CONTACT_CHANNELS } from '../data/safety-content';

/** The Contact tab: which way to reach the team for what, and the contact form. */
export function ContactPanel() {
  return (
    <div className="grid gap-6">
      <ul className="grid gap-3 sm:grid-cols-3">
        {CONTACT_CHANNELS.map((channel) => (
          <li key={channel.title} className="rounded-xl border border-border bg-card p-4">
            <h3 className="font-semibold">{channel.title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{channel.detail}</p>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        If someone is in immediate danger, contact your local emergency services first. We can remove content, but we
        cannot send help.
      </p>
      <Button asChild className="w-full sm:w-fit">
        <Link to="/contact">
          <Mail aria-hidden="true" /> Contact the team
        </Link>
      </Button>
    </div>
  );
}
