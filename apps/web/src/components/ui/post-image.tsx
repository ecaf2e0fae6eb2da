import { cn } from '@/lib/cn';

/**
 * One photo of a post. While the post is locked the server sends only a tiny blurred preview
 * (≤ 64 px): it is scaled up and blurred further here, inside a clipping frame, so the soft edge of
 * the blur never spills out. The alt text says the photo is locked.
 */
export function PostImage({
  src,
  alt,
  locked,
  className,
  loading,
}: {
  src: string;
  alt: string;
  locked: boolean;
  className?: string;
  loading?: 'lazy' | 'eager';
}) {
  if (!locked) return <img src={src} alt={alt} loading={loading} className={className} />;
  return (
    <img
      src={src}
      alt={alt ? `${alt} (locked: a blurred preview until you unlock the tea)` : ''}
      loading={loading}
      data-locked="true"
      draggable={false}
      className={cn(className, 'scale-125 select-none object-cover blur-xl')}
    />
  );
}
