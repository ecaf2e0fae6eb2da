import { COMMENT_MAX_CHARS, COMMENT_MESSAGES, COSTS, ERROR_CODES } from '@kettle/shared';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SuspendedHint, useSuspendedUntil } from '@/components/enforcement/suspension-hint';
import { CostNotice } from '@/components/forms/cost-notice';
import { InsufficientCoinsAlert } from '@/components/forms/insufficient-coins-alert';
import { GuardedTextarea } from '@/components/privacy/guarded-textarea';
import { GuardNotes } from '@/components/privacy/guard-notes';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { useCoinCost } from '@/lib/coin-cost';
import { useGuardFindings } from '@/lib/privacy-guard/use-guard-findings';
import { toastError } from '@/lib/toast-store';
import { useCreateComment } from '../api/comments';

/** The server's reason for the field (422), else the API's message, else the catalogue's. */
const failureMessage = (error: unknown): string =>
  (error instanceof ApiError && error.fieldErrors[0]?.message) || apiErrorMessage(error, COMMENT_MESSAGES.createFailed);

export type CommentFormProps = {
  postId: string;
  /** The tea's subject: the privacy guard does not take their handle for someone else's. */
  subjectHandle?: string;
  /** Null for a top-level comment. */
  parentId: string | null;
  /** The textarea's accessible name. */
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Shown above the box and naming it ('Replying to @name'). */
  caption?: ReactNode;
  /** Focus the box when it appears (an inline reply box). */
  autoFocus?: boolean;
  onCancel?: () => void;
  onSent?: () => void;
  className?: string;
};

/**
 * A comment or reply box (product.md §5: non-empty after trimming, the button is disabled otherwise).
 * The text stays while sending and after a failure; it clears once the server took it.
 * Ctrl+Enter (or ⌘+Enter) sends. Under the box: what it costs against the balance; a short
 * balance disables sending and says how many coins are missing.
 */
export function CommentForm({
  postId,
  subjectHandle,
  parentId,
  label,
  placeholder,
  submitLabel,
  caption,
  autoFocus = false,
  onCancel,
  onSent,
  className,
}: CommentFormProps) {
  const create = useCreateComment(postId);
  const [content, setContent] = useState('');
  const [coinsShort, setCoinsShort] = useState<string | null>(null);
  const captionId = useId();
  const costId = useId();
  const suspendedId = useId();
  const suspendedUntil = useSuspendedUntil();
  const price = useCoinCost(COSTS.comment);
  const findings = useGuardFindings(content, subjectHandle);
  const blank = content.trim() === '';
  const short = price.shortfall > 0;

  const send = () => {
    if (blank || short || create.isPending) return;
    setCoinsShort(null);
    create.mutate(
      { content: content.trim(), parent_comment_id: parentId },
      {
        onSuccess: () => {
          setContent('');
          onSent?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ERROR_CODES.insufficientCoins) setCoinsShort(error.message);
          else toastError(failureMessage(error), COMMENT_MESSAGES.failed);
        },
      },
    );
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      className={cn('grid gap-2', className)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {caption ? (
        <p id={captionId} className="text-sm font-medium text-muted-foreground">
          {caption}
        </p>
      ) : null}
      <GuardedTextarea
        text={content}
        findings={findings}
        // An inline reply box opens because the reader asked to reply: the cursor goes there.
        autoFocus={autoFocus}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={sendOnCtrlEnter}
        placeholder={placeholder}
        aria-label={caption ? undefined : label}
        aria-labelledby={caption ? captionId : undefined}
        aria-describedby={costId}
        maxLength={COMMENT_MAX_CHARS}
        rows={parentId ? 2 : 3}
        className="min-h-20 resize-y"
      />
      <GuardNotes text={content} findings={findings} onFix={setContent} />
      {coinsShort ? <InsufficientCoinsAlert message={coinsShort} /> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <CostNotice price={price} id={costId} inline className="mr-auto" />
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
        ) : null}
        {suspendedUntil ? <SuspendedHint id={suspendedId} until={suspendedUntil} /> : null}
        <SubmitButton
          size="sm"
          pending={create.isPending}
          pendingLabel="Posting..."
          disabled={blank || short || suspendedUntil !== null}
          aria-describedby={suspendedUntil ? `${costId} ${suspendedId}` : costId}
        >
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
