import { actsAsAdmin } from '@kettle/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { DeleteItemDialog } from '../components/delete-item-dialog';
import { TaxonomyCard } from '../components/taxonomy-card';
import { TaxonomyFormDialog } from '../components/taxonomy-form-dialog';
import { TaxonomyGrid } from '../components/taxonomy-grid';
import { CATEGORY_KIND, itemHref, STATE_KIND, type TaxonomyItem, type TaxonomyKind } from '../data/kinds';

/**
 * A browse grid for everyone; admins also add, edit and delete here (decisions.md). The same
 * page serves /categories and /admin/categories (and the states alike). The API checks admin on
 * every write.
 */
export function TaxonomyPage({ kind }: { kind: TaxonomyKind }) {
  usePageTitle(kind.title);
  const query = kind.useList();
  const isAdmin = actsAsAdmin(useCurrentUser().data);
  const [form, setForm] = useState<{ open: boolean; item: TaxonomyItem | null }>({ open: false, item: null });
  const [deleting, setDeleting] = useState<TaxonomyItem | null>(null);

  const addButton = (
    <Button onClick={() => setForm({ open: true, item: null })}>
      <Plus aria-hidden="true" />
      Add {kind.noun}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={kind.title}
        description={kind.description}
        actions={isAdmin && query.data?.length !== 0 ? addButton : null}
      />
      <TaxonomyGrid
        query={query}
        loadingLabel={`Loading ${kind.title.toLowerCase()}`}
        failedTitle={kind.messages.fetchFailed}
        empty={{
          icon: kind.empty.icon,
          title: kind.empty.title,
          description: isAdmin ? kind.empty.adminHint : 'Check back soon.',
          action: isAdmin ? addButton : undefined,
        }}
        renderItem={(item) => (
          <TaxonomyCard
            item={item}
            href={itemHref(kind, item.name)}
            badge={
              item.code ? (
                <Badge variant="outline" className="shrink-0 font-mono tracking-wider">
                  {item.code}
                </Badge>
              ) : undefined
            }
            onEdit={isAdmin ? () => setForm({ open: true, item }) : undefined}
            onDelete={isAdmin ? () => setDeleting(item) : undefined}
          />
        )}
      />
      {isAdmin ? (
        <>
          <TaxonomyFormDialog
            kind={kind}
            open={form.open}
            item={form.item}
            onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
          />
          <DeleteItemDialog kind={kind} item={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </>
  );
}

/** The router's lazy routes pick these: /categories, /admin/categories, /states, /admin/states. */
export const CategoriesPage = () => <TaxonomyPage kind={CATEGORY_KIND} />;
export const StatesPage = () => <TaxonomyPage kind={STATE_KIND} />;
