import { BAN_MESSAGES, type BanNotice } from '@kettle/shared';
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * 'Your account is banned' (issue 70): the rule, the date, the moderator's message and the
 * appeal form with the ban's reference while the 30 days run. Shown at sign-in and after a
 * signed-in request was refused for the ban, under the page's own 'Your account is banned' title.
 */
export function BannedNotice({ ban, onBack }: { ban: BanNotice; onBack: () => void }) {
  return (
    <div className="grid gap-3">
      <p role="alert" className="flex items-start gap-2 font-medium">
        <Ban className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        {BAN_MESSAGES.detail(ban.rule_title, ban.banned_at)}
      </p>
      <p className="whitespace-pre-line break-words text-sm text-muted-foreground">Reason: {ban.message}</p>
      <p className="text-sm">{ban.appeal_path ? BAN_MESSAGES.appeal(ban.appeal_until) : BAN_MESSAGES.appealClosed}</p>
      <p className="break-all text-xs text-muted-foreground">Reference: {ban.reference}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
        {ban.appeal_path ? (
          <Button asChild>
            <Link to={ban.appeal_path}>Appeal this ban</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
