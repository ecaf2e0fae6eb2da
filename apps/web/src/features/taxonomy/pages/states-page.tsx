import { TAXONOMY_MESSAGES, type UsState } from '@kettle/shared';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { useStates } from '@/lib/taxonomy';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteState } from '../api/delete-state';
import { StateFormDialog } from '../components/state-form-dialog';
import { TaxonomyCard } from '../components/taxonomy-card';
import { TaxonomyGrid } from '../components/taxonomy-grid';

const MESSAGES = TAXONOMY_MESSAGES.state;

/** The public list filters by state name (product.md §2), the same key everywhere. */
export const stateHref = (name: string): string => `/?state=${encodeURIComponent(name)}`;

/**
 * A browse grid for everyone; admins also add, edit and delete here (decisions.md). The same
 * page serves /states and /admin/states. The API checks admin on every write.
 */
export function StatesPage() {
  usePageTitle('States');
  const query = useStates();
  const isAdmin = useCurrentUser().data?.is_admin === true;
  const remove = useDeleteState();
  const [form, setForm] = useState<{ open: boolean; state: UsState | null }>({ open: false, state: null });
  const [deleting, setDeleting] = useState<UsState | null>(null);

  const addButton = (
    <Button onClick={() => setForm({ open: true, state: null })}>
      <Plus aria-hidden="true" />
      Add State
    </Button>
  );

  const handleDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => toastSuccess(MESSAGES.deleted),
      onError: (error) => toastError(apiErrorMessage(error, MESSAGES.deleteFailed)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <PageHeader
        title="States"
        description="Every tea happened somewhere. Pick a state to read the teas spilled there."
        actions={isAdmin && query.data?.length !== 0 ? addButton : null}
      />
      <TaxonomyGrid
        query={query}
        loadingLabel="Loading states"
        failedTitle={MESSAGES.fetchFailed}
        empty={{
          icon: MapPin,
          title: 'No states yet',
          description: isAdmin ? 'Add the first one so people can say where the tea was spilled.' : 'Check back soon.',
          action: isAdmin ? addButton : undefined,
        }}
        renderItem={(state) => (
          <TaxonomyCard
            item={state}
            href={stateHref(state.name)}
            badge={
              <Badge variant="outline" className="shrink-0 font-mono tracking-wider">
                {state.code}
              </Badge>
            }
            onEdit={isAdmin ? () => setForm({ open: true, state }) : undefined}
            onDelete={isAdmin ? () => setDeleting(state) : undefined}
          />
        )}
      />
      {isAdmin ? (
        <>
          <StateFormDialog
            open={form.open}
            state={form.state}
            onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            title={`Delete ${deleting?.name ?? 'state'}?`}
            description={`"${deleting?.name ?? ''}" will be removed for good. A state that teas use cannot be deleted.`}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            destructive
            pending={remove.isPending}
            onConfirm={handleDelete}
          />
        </>
      ) : null}
    </>
  );
}
