import { COSTS, POST_MESSAGES } from '@kettle/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { InsufficientCoinsAlert } from '@/components/forms/insufficient-coins-alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/lib/toast-store';
import { isAbortError } from '@/lib/upload';
import { useCreatePost } from '../api/create-post';
import { usePostCost } from '../hooks/use-post-cost';
import { usePostForm } from '../hooks/use-post-form';
import { POST_SERVER_FIELDS, useSubmitFailure } from '../hooks/use-submit-failure';
import { pendingLabel, UPLOAD_CANCELLED, useUpload } from '../hooks/use-upload';
import { AttestationField } from './attestation-field';
import { EvidenceLinkNotes } from './evidence-link-notes';
import { ImagePicker } from './image-picker';
import { PostCostNotice } from './post-cost-notice';
import { PostFormFields } from './post-form-fields';
import { UploadProgressPanel } from './upload-progress';

/**
 * The tea form (product.md §2): validated on change; Submit waits for a valid form, Reset for a changed
 * one. Its cost (fee + bounty) and the balance are at the top, so a short balance is said before
 * anything is typed, and Submit stays disabled until the balance covers the total.
 */
export function SubmitTeaForm({ blockedReason }: { blockedReason?: string }) {
  const navigate = useNavigate();
  const create = useCreatePost();
  const form = usePostForm();
  const cost = usePostCost(form, COSTS.submitTea);
  const costId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid, isDirty },
  } = form;
  const [images, setImages] = useState<File[]>([]);
  // A new key remounts the picker on reset, clearing its messages with its files.
  const [pickerKey, setPickerKey] = useState(0);
  const failure = useSubmitFailure(setError, POST_MESSAGES.submitFailed, POST_SERVER_FIELDS);
  const upload = useUpload();
  const changed = isDirty || images.length > 0;

  const handleValidSubmit = handleSubmit((values) => {
    failure.clear();
    create.mutate(
      { values, images, upload: upload.start() },
      {
        onSuccess: () => {
          toast({
            title: POST_MESSAGES.submitted,
            description: 'Moderators will review it before it is published.',
            variant: 'success',
          });
          void navigate('/my-teas');
        },
        onError: (error) => {
          if (isAbortError(error)) toast({ ...UPLOAD_CANCELLED });
          else failure.handleError(error);
        },
        onSettled: upload.finish,
      },
    );
  });

  const handleReset = () => {
    reset();
    setImages([]);
    setPickerKey((key) => key + 1);
    failure.clear();
    toast({ title: POST_MESSAGES.formReset, description: 'Every field and image was cleared.' });
  };

  return (
    <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-5">
      <PostCostNotice cost={cost} id={costId} what="submit" />
      <PostFormFields form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Evidence link (optional)" error={errors.evidence_link?.message}>
          <Input type="url" inputMode="url" placeholder="https://" autoComplete="off" {...register('evidence_link')} />
        </FormField>
        <FormField label="Bounty (optional)" error={errors.bounty?.message} hint="Tea Coins offered; 0 by default.">
          <Input type="number" inputMode="numeric" min={0} step={1} {...register('bounty')} />
        </FormField>
      </div>
      <EvidenceLinkNotes form={form} />
      <ImagePicker
        key={pickerKey}
        files={images}
        onChange={setImages}
        error={failure.imagesError}
        disabled={create.isPending}
      />
      {create.isPending && images.length > 0 && upload.progress ? (
        <UploadProgressPanel files={images} progress={upload.progress} onCancel={upload.cancel} />
      ) : null}
      <AttestationField registration={register('attested')} error={errors.attested?.message} />
      {failure.coinsShort ? <InsufficientCoinsAlert message={failure.coinsShort} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {blockedReason ? (
          <p id="submit-blocked-reason" className="text-sm text-muted-foreground sm:mr-auto">
            {blockedReason}
          </p>
        ) : null}
        <Button variant="outline" onClick={handleReset} disabled={!changed || create.isPending}>
          Reset
        </Button>
        <SubmitButton
          pending={create.isPending}
          pendingLabel={pendingLabel(images.length, upload.progress)}
          disabled={!isValid || Boolean(blockedReason) || cost.price.shortfall > 0}
          aria-describedby={blockedReason ? `submit-blocked-reason ${costId}` : costId}
        >
          Submit Tea
        </SubmitButton>
      </div>
    </form>
  );
}
