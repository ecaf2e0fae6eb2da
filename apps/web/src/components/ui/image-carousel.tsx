import { ChevronLeft, ChevronRight, ImageOff, Lock } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from './button';
import { PostImage } from './post-image';
import { cn } from '@/lib/cn';

export type CarouselImage = { id: string; url: string };

/** A post's images for the carousel: `images` when the API sent them, else its bare URLs. */
export const toCarouselImages = (post: {
  images: ReadonlyArray<{ id: string; image_url: string }>;
  image_urls: ReadonlyArray<string>;
}): CarouselImage[] =>
  post.images.length > 0
    ? post.images.map((image) => ({ id: image.id, url: image.image_url }))
    : post.image_urls.map((url) => ({ id: url, url }));

/**
 * Previous/next arrows, an 'n / total' counter and a thumbnail strip; arrow keys move too.
 * `locked`: the images are the server's blurred previews, shown blurred with a lock hint.
 */
export function ImageCarousel({
  images,
  title,
  locked = false,
}: {
  images: ReadonlyArray<CarouselImage>;
  title: string;
  locked?: boolean;
}) {
  const [selected, setSelected] = useState(0);
  const count = images.length;
  // An edit can remove images: never point past the end.
  const index = Math.min(selected, Math.max(0, count - 1));
  const current = images[index];

  if (!current) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-border bg-muted text-muted-foreground">
        <ImageOff className="size-10" aria-hidden="true" />
        <p className="text-sm">No images</p>
      </div>
    );
  }

  const go = (next: number) => setSelected((next + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Images of ${title}`}
      className="grid min-w-0 content-start gap-3"
    >
      <div
        className="relative overflow-hidden rounded-2xl border border-border bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        role="group"
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={count > 1 ? onKeyDown : undefined}
        aria-label={count > 1 ? 'Image viewer: use the left and right arrow keys' : undefined}
      >
        <PostImage
          src={current.url}
          alt={`Image ${index + 1} of ${count} for ${title}`}
          locked={locked}
          className="aspect-video w-full object-contain"
        />
        {locked ? (
          <p className="absolute inset-x-0 top-1/2 mx-auto flex w-fit -translate-y-1/2 items-center gap-1.5 rounded-full bg-card/90 px-3 py-1.5 text-sm font-medium text-foreground shadow-sm ring-1 ring-border">
            <Lock className="size-4 text-primary" aria-hidden="true" />
            Unlock to see the photos
          </p>
        ) : null}
        {count > 1 ? (
          <>
            <Button
              variant="outline"
              size="icon"
              aria-label="Previous image"
              onClick={() => go(index - 1)}
              className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-card/90"
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label="Next image"
              onClick={() => go(index + 1)}
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-card/90"
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </>
        ) : null}
        <p
          className="absolute bottom-2 right-2 rounded-full bg-black/60 px-2.5 py-0.5 text-xs font-medium text-white"
          aria-live="polite"
        >
          {index + 1} / {count}
        </p>
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Thumbnails">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block overflow-hidden rounded-lg border-2',
                  i === index ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <PostImage src={image.url} alt="" locked={locked} className="size-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
