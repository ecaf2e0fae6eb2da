import { X } from 'lucide-react';
import { useEffect, useState } from 'react';

/** One picked image: a preview from an object URL, revoked when the image is removed or unmounted. */
export function ImageThumbnail({
  file,
  position,
  disabled,
  onRemove,
}: {
  file: File;
  position: number;
  disabled?: boolean;
  onRemove: () => void;
}) {
  const [url, setUrl] = useState<string>();

  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <li className="relative aspect-square overflow-hidden rounded-lg border border-border bg-muted">
      {url ? <img src={url} alt={`Image ${position}: ${file.name}`} className="size-full object-cover" /> : null}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove image ${position}`}
        title={`Remove ${file.name}`}
        className="absolute right-1 top-1 inline-flex size-7 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
