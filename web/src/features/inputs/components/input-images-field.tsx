import { useState, type ChangeEvent } from 'react';
import { IMAGE_LIMITS, IMAGE_MEDIA_TYPES, ROUTES, type Input, type InputImage } from '@promptgrid/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorText } from '@/lib/api-client';
import { useUploadInputImage } from '../api/upload-input-image';
import { useDeleteInputImage } from '../api/delete-input-image';

type Props = { projectId: string; input: Input | null };

const HINT =
  `PNG, JPEG, WebP or GIF, at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB each and ${IMAGE_LIMITS.perInput} ` +
  'per input; sent with the user message to models that read images.';

/**
 * "Images": the input's images, each with its Remove button, and a file field that adds more. Each change is saved at
 * once (an image is a file of its own, not a field of the form); a new input takes images once it is created.
 */
export function InputImagesField({ projectId, input }: Props) {
  if (input === null)
    return (
      <Field label="Images" hint="Create the input first, then edit it to add images.">
        {(field) => <input {...field} type="file" disabled className="block text-sm" />}
      </Field>
    );
  return <SavedInputImages projectId={projectId} input={input} />;
}

function SavedInputImages({ projectId, input }: { projectId: string; input: Input }) {
  const [images, setImages] = useState<InputImage[]>(input.images);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadInputImage(projectId, input.id);
  const remove = useDeleteInputImage(projectId, input.id);
  const busy = upload.isPending || remove.isPending;

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    for (const file of files) {
      try {
        const added = await upload.mutateAsync(file);
        setImages((current) => [...current, added]);
      } catch (failure) {
        setError(`${file.name}: ${errorText(failure, 'The image could not be added.')}`);
        return;
      }
    }
  };
  const removeImage = async (image: InputImage) => {
    setError(null);
    try {
      await remove.mutateAsync(image.id);
      setImages((current) => current.filter((kept) => kept.id !== image.id));
    } catch (failure) {
      setError(errorText(failure, 'The image could not be removed.'));
    }
  };

  return (
    <Field label="Images" hint={HINT} error={error}>
      {(field) => (
        <div className="space-y-2">
          {images.length > 0 ? (
            <ul className="flex flex-wrap gap-3">
              {images.map((image, index) => (
                <li key={image.id} className="flex flex-col items-center gap-1">
                  {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the number tells the input's images apart. */}
                  <img
                    src={ROUTES.inputImage(projectId, input.id, image.id)}
                    alt={`Image ${index + 1} of ${input.name}`}
                    className="size-20 rounded border border-slate-200 object-cover dark:border-slate-700"
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={`Remove image ${index + 1}`}
                    onClick={() => void removeImage(image)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            {...field}
            type="file"
            multiple
            accept={IMAGE_MEDIA_TYPES.join(',')}
            disabled={busy || images.length >= IMAGE_LIMITS.perInput}
            onChange={(event) => void add(event)}
            className="block text-sm"
          />
        </div>
      )}
    </Field>
  );
}
