import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useDeleteItem } from '../api/delete-item';
import type { TaxonomyItem, TaxonomyKind } from '../data/kinds';

/** Asks before deleting `item` (open while it is set), then says how it went. */
export function DeleteItemDialog({
  kind,
  item,
  onClose,
}: {
  kind: TaxonomyKind;
  item: TaxonomyItem | null;
  onClose: () => void;
}) {
  const remove = useDeleteItem(kind);
  const noun = kind.noun.toLowerCase();

  const handleDelete = () => {
    if (!item) return;
    remove.mutate(item, {
      onSuccess: () => toastSuccess(kind.messages.deleted),
      onError: (error) => toastError(apiErrorMessage(error, kind.messages.deleteFailed)),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${item?.name ?? noun}?`}
      description={`"${item?.name ?? ''}" will be removed for good. A ${noun} that teas use cannot be deleted.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      pending={remove.isPending}
      onConfirm={handleDelete}
    />
  );
}
