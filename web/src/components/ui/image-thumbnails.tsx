import { ROUTES, imageLabel, type InputImage } from '@promptgrid/contract';

type Props = {
  projectId: number | string;
  inputId: number;
  inputName: string;
  images: readonly InputImage[];
};

/** An input's images, small, in order: each named "Image N of <input name>" and read from the input's image route. */
export function ImageThumbnails({ projectId, inputId, inputName, images }: Props) {
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Images of ${inputName}`}>
      {images.map((image, index) => (
        <li key={image.id}>
          {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the number tells the input's images apart. */}
          <img
            src={ROUTES.inputImage(projectId, inputId, image.id)}
            alt={`Image ${index + 1} of ${inputName}`}
            title={imageLabel(image)}
            loading="lazy"
            className="size-16 rounded border border-slate-200 object-cover dark:border-slate-700"
          />
        </li>
      ))}
    </ul>
  );
}
