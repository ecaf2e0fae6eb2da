import { TAXONOMY_MESSAGES, type Category } from '@kettle/shared';
import { Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { useCategories } from '@/lib/taxonomy';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteCategory } from '../api/delete-category';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { TaxonomyCard } from '../components/taxonomy-card';
import { TaxonomyGrid } from '../components/taxonomy-grid';

const MESSAGES = TAXONOMY_MESSAGES.category;

/** The public list filters by name (product.md §2). */
export const categoryHref = (name: string): string => `/?category=${encodeURIComponent(name)}`;

/**
 * A browse grid for everyone; admins also add, edit and delete here (decisions.md). The same
 * page serves /categories and /admin/categories. The API checks admin on every write.
 */
export function CategoriesPage() {
  usePageTitle('Categories');
  const query = useCategories();
  const isAdmin = useCurrentUser().data?.is_admin === true;
  const remove = useDeleteCategory();
  const [form, setForm] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null });
  const [deleting, setDeleting] = useState<Category | null>(null);

  const addButton = (
    <Button onClick={() => setForm({ open: true, category: null })}>
      <Plus aria-hidden="true" />
      Add Category
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
        title="Categories"
        description="Every tea is filed under a topic. Pick one to read the teas in it."
        actions={isAdmin && query.data?.length !== 0 ? addButton : null}
      />
      <TaxonomyGrid
        query={query}
        loadingLabel="Loading categories"
        failedTitle={MESSAGES.fetchFailed}
        empty={{
          icon: Tags,
          title: 'No categories yet',
          description: isAdmin ? 'Add the first one so people can file their teas.' : 'Check back soon.',
          action: isAdmin ? addButton : undefined,
        }}
        renderItem={(category) => (
          <TaxonomyCard
            item={category}
            href={categoryHref(category.name)}
            onEdit={isAdmin ? () => setForm({ open: true, category }) : undefined}
            onDelete={isAdmin ? () => setDeleting(category) : undefined}
          />
        )}
      />
      {isAdmin ? (
        <>
          <CategoryFormDialog
            open={form.open}
            category={form.category}
            onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            title={`Delete ${deleting?.name ?? 'category'}?`}
            description={`"${deleting?.name ?? ''}" will be removed for good. A category that teas use cannot be deleted.`}
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
