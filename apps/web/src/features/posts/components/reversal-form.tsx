import { COSTS, POST_MESSAGES } from '@kettle/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { InsufficientCoinsAlert } from '@/components/forms/insufficient-coins-alert';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { toast } from '@/lib/toast-store';
import { isAbortError } from '@/lib/upload';
import { useCoinCost } from '@/lib/coin-cost';
import { useCreateReversal } from '../api/create-reversal';
import { useReversalForm } from '../hooks/use-reversal-form';
import { useSubmitFailure } from '../hooks/use-submit-failure';
import { pendingLabel, UPLOAD_CANCELLED, useUpload } from '../hooks/use-upload';
import { AttestationField } from './attestation-field';
import { ImagePicker } from './image-picker';
import { PostCostNotice } from './post-cost-notice';
import { InheritedFacts, ReversalTextFields, type ReversalOriginal } from './reversal-fields';
import { UploadProgressPanel } from './upload-progress';

/** Where the API's field errors go; handle, category and state are never the reversal's to fix. */
const SERVER_FIELDS = {
  title: 'title',
  content: 'content',
  bounty: 'bounty',
  evidence_link: 'evidence_link',
  attested: 'attested',
} as const;

/**
 * The reversal dialog's form; it lives inside the dialog's content, so every opening starts empty.
 * The cost and balance come first; a short balance keeps Submit Reversal disabled. The original's
 * subject, category and state are shown, not asked for.
 */
export function ReversalForm({ original, onDone }: { original: ReversalOriginal; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateReversal();
  const form = useReversalForm();
  // A reversal carries no bounty: its price is the fee alone.
  const cost = { price: useCoinCost(COSTS.submitReversal), fee: COSTS.submitReversal, bounty: 0 };
  const costId = useId();
  const {
    handleSubmit,
    register,
    setError,
    formState: { isValid, errors },
  } = form;
  const [images, setImages] = useState<File[]>([]);
  const failure = useSubmitFailure(setError, POST_MESSAGES.reversalFailed, SERVER_FIELDS);
  const upload = useUpload();

  const handleValidSubmit = handleSubmit((values) => {
    failure.clear();
    create.mutate(
      { values, images, originalPostId: original.id, upload: upload.start() },
      {
        onSuccess: () => {
          toast({
            title: POST_MESSAGES.submitted,
            description: 'Your reversal will be published once a moderator approves it.',
            variant: 'success',
          });
          onDone();
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

  return (
    <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-5">
      <PostCostNotice cost={cost} id={costId} what="reverse" />
      <InheritedFacts original={original} />
      <ReversalTextFields form={form} subject={original.tagged_handle} />
      <ImagePicker
        files={images}
        onChange={setImages}
        label="Evidence images (optional)"
        error={failure.imagesError}
        disabled={create.isPending}
      />
      {create.isPending && images.length > 0 && upload.progress ? (
        <UploadProgressPanel files={images} progress={upload.progress} onCancel={upload.cancel} />
      ) : null}
      <AttestationField registration={register('attested')} error={errors.attested?.message} />
      {failure.coinsShort ? <InsufficientCoinsAlert message={failure.coinsShort} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <SubmitButton
          pending={create.isPending}
          pendingLabel={pendingLabel(images.length, upload.progress)}
          disabled={!isValid || cost.price.shortfall > 0}
          aria-describedby={costId}
        >
          Submit Reversal
        </SubmitButton>
      </div>
    </form>
  );
}
