import { ACCEPTED_IMAGE_EXTENSIONS, LIMITS, POST_MESSAGES } from '@kettle/shared';
import { CircleAlert, ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { cn } from '@/lib/cn';
import { checkImages } from '../utils/check-images';
import { ImageThumbnail } from './image-thumbnail';

const ACCEPT = ACCEPTED_IMAGE_EXTENSIONS.join(',');

/** Stable list keys for picked files (the same File object keeps its key across removals). */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 0;
function keyOf(file: File): number {
  const known = fileKeys.get(file);
  if (known !== undefined) return known;
  nextFileKey += 1;
  fileKeys.set(file, nextFileKey);
  return nextFileKey;
}

export type ImagePickerProps = {
  files: readonly File[];
  onChange: (files: File[]) => void;
  label?: string;
  /** A server message about the images (e.g. a 422 on `images`). */
  error?: string;
  disabled?: boolean;
};

/** Up to 5 images (product.md §2): a keyboard-reachable file input, drop zone, thumbnails and the reasons a file was refused. */
export function ImagePicker({ files, onChange, label = 'Images (optional)', error, disabled }: ImagePickerProps) {
  const id = useId();
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);
  const full = files.length >= LIMITS.maxImages;
  const inputDisabled = full || disabled;
  const messages = error ? [...pickErrors, error] : pickErrors;

  const addFiles = (incoming: readonly File[]) => {
    const { accepted, errors } = checkImages(files.length, incoming);
    setPickErrors(errors);
    if (accepted.length > 0) onChange([...files, ...accepted]);
  };

  const handleInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    // Cleared so that picking the same file again still fires a change.
    event.target.value = '';
  };

  const handleDragOver = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    if (!inputDisabled) setDragging(true);
  };

  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!inputDisabled) addFiles(Array.from(event.dataTransfer.files));
  };

  // The removed image's button is gone: focus goes to the input, enabled again once the list shrinks.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    inputRef.current?.focus();
  }, [files]);

  const handleRemove = (index: number) => {
    refocus.current = true;
    onChange(files.filter((_, i) => i !== index));
    setPickErrors([]);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium leading-none">
          {label}
        </span>
        <span id={`${id}-count`} className="text-xs tabular-nums text-muted-foreground">
          {files.length}/{LIMITS.maxImages}
        </span>
      </div>
      <label
        htmlFor={id}
        onDragOver={handleDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex flex-col items-center gap-1 rounded-xl border-2 border-dashed border-input bg-card px-4 py-6 text-center',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
          inputDisabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-muted',
          dragging && 'border-primary bg-muted',
        )}
      >
        <ImagePlus className="size-6 text-primary" aria-hidden="true" />
        <span className="text-sm font-medium">
          {full ? POST_MESSAGES.pickerFull : 'Choose images or drop them here'}
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          JPG, PNG or WebP, up to {LIMITS.maxImageMb}MB each, {LIMITS.maxImages} at most
        </span>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={ACCEPT}
          multiple
          disabled={inputDisabled}
          onChange={handleInputChange}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-count ${id}-hint${messages.length > 0 ? ` ${id}-errors` : ''}`}
          className="sr-only"
        />
      </label>
      {messages.length > 0 ? (
        <div
          id={`${id}-errors`}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <ul className="flex min-w-0 flex-col gap-1 break-words">
            {messages.map((message, index) => (
              <li key={`${index}-${message}`}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul aria-label="Selected images" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {files.map((file, index) => (
            <ImageThumbnail
              key={keyOf(file)}
              file={file}
              position={index + 1}
              disabled={disabled}
              onRemove={() => handleRemove(index)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
