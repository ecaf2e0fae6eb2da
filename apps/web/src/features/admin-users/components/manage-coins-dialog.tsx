import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_USER_MESSAGES,
  adminCoinsFormSchema,
  COIN_REASON_MAX,
  type AdminCoinsFormData,
  type AdminCoinsFormInput,
  type AdminUser,
  formatCount,
} from '@kettle/shared';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError } from '@/lib/toast-store';
import { useAddUserCoins } from '../api/add-user-coins';
import { useAdminUser } from '../api/get-admin-user';
import { useSetUserCoinBalance } from '../api/set-user-coin-balance';

/** The API names the amount differently per call; both land under the form's one amount field. */
const SERVER_FIELDS = { coins_to_add: 'amount', coin_balance: 'amount', reason: 'reason' } as const;

const MODES = [
  { value: 'add', label: 'Add coins', hint: 'Adds to the current balance.' },
  { value: 'set', label: 'Set balance', hint: 'Replaces the balance; the ledger records the difference.' },
] as const;

/** product.md §5 'Admin coin dialog': add to or set a user's balance, an integer amount, with a reason. */
export function ManageCoinsDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Coins aria-hidden="true" /> Manage Coins
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Manage Coins</DialogTitle>
        <DialogDescription>
          Add Tea Coins to {user.username}&apos;s balance or set it outright. The change and your reason are kept in
          their coin ledger and the audit log.
        </DialogDescription>
        {/* Mounted only while open: every opening starts empty and reads the balance afresh. */}
        {open ? <ManageCoinsForm user={user} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ManageCoinsForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const fresh = useAdminUser(user);
  const balance = (fresh.data ?? user).coin_balance;
  const add = useAddUserCoins();
  const set = useSetUserCoinBalance();
  const pending = add.isPending || set.isPending;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<AdminCoinsFormInput, unknown, AdminCoinsFormData>({
    resolver: zodResolver(adminCoinsFormSchema),
    mode: 'onTouched',
    defaultValues: { mode: 'add', reason: '' },
  });
  const mode = useWatch({ control, name: 'mode' });
  const amount = useWatch({ control, name: 'amount' });
  const reason = useWatch({ control, name: 'reason' }) ?? '';
  const preview = Number.isInteger(amount) && amount >= 0 ? (mode === 'add' ? balance + amount : amount) : null;

  const onError = (fallback: string) => (error: unknown) => {
    if (!applyFieldErrors(error, setError, SERVER_FIELDS)) toastError(apiErrorMessage(error, fallback));
  };

  const handleValidSubmit = handleSubmit((values) => {
    if (values.mode === 'add') {
      add.mutate(
        { id: user.id, coins_to_add: values.amount, reason: values.reason },
        { onSuccess: onDone, onError: onError(ADMIN_USER_MESSAGES.balanceAddFailed) },
      );
    } else {
      set.mutate(
        { id: user.id, coin_balance: values.amount, reason: values.reason },
        { onSuccess: onDone, onError: onError(ADMIN_USER_MESSAGES.balanceUpdateFailed) },
      );
    }
  });

  return (
    <form onSubmit={handleValidSubmit} noValidate className="grid gap-4">
      <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm">
        Current balance: <strong>{formatCount(balance)}</strong> Tea Coins
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Action</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {MODES.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input type="radio" value={option.value} className="mt-0.5 size-4 accent-primary" {...register('mode')} />
              <span className="grid gap-0.5">
                <span className="font-medium">{option.label}</span>
                <span className="text-xs text-muted-foreground">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        label="Amount"
        error={errors.amount?.message}
        hint={
          preview === null
            ? `${mode === 'add' ? 'Coins to add' : 'The new balance'}, a whole number.`
            : `Balance after: ${formatCount(preview)} Tea Coins`
        }
      >
        <Input
          type="number"
          inputMode="numeric"
          step={1}
          min={mode === 'add' ? 1 : 0}
          {...register('amount', { valueAsNumber: true })}
        />
      </FormField>
      <FormField
        label="Reason"
        error={errors.reason?.message}
        hint={
          <span className={reason.length > COIN_REASON_MAX ? 'text-destructive' : undefined}>
            Kept in the ledger and the audit log. {reason.length}/{COIN_REASON_MAX}
            <span className="sr-only"> characters</span>
          </span>
        }
      >
        <Textarea
          rows={2}
          className="min-h-16"
          placeholder="e.g. Contest prize, support ticket 1234"
          {...register('reason')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={pending} pendingLabel="Saving...">
          {mode === 'add' ? 'Add Coins' : 'Set Balance'}
        </SubmitButton>
      </div>
    </form>
  );
}
