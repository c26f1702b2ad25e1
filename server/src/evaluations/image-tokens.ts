import type { InputImage, ModelCompany } from '@promptgrid/contract';

type ImageSize = Pick<InputImage, 'width' | 'height'>;

/** An image whose header did not give its size is counted as a 1024x1024 one (a typical screenshot or photo). */
const ASSUMED_SIDE = 1024;

/**
 * OpenAI (high detail, the default for an image that large): the image is scaled to fit a 2048 px square, then
 * down so its shorter side is at most 768 px; 85 tokens plus 170 per 512 px tile of the result.
 */
function openAiImageTokens(width: number, height: number): number {
  const fit = Math.min(1, 2048 / Math.max(width, height));
  const shorter = Math.min(1, 768 / (Math.min(width, height) * fit));
  const scale = fit * shorter;
  const tiles = Math.ceil((width * scale) / 512) * Math.ceil((height * scale) / 512);
  return 85 + 170 * tiles;
}

/** Anthropic: width x height / 750, after the image is scaled down so its longer side is at most 1568 px. */
function anthropicImageTokens(width: number, height: number): number {
  const scale = Math.min(1, 1568 / Math.max(width, height));
  return Math.ceil((width * scale * height * scale) / 750);
}

/** Gemini 2.x: 258 tokens for an image of at most 384 px each way, else 258 per 768 px tile. */
function geminiImageTokens(width: number, height: number): number {
  if (width <= 384 && height <= 384) return 258;
  return Math.ceil(width / 768) * Math.ceil(height / 768) * 258;
}

/**
 * The input tokens a provider bills for an image, by the rule it publishes (OpenAI's vision guide, Anthropic's vision
 * page, Google's token counting page). An endpoint's model is counted by OpenAI's rule, the API it speaks.
 */
export function imageTokens(company: ModelCompany, image: ImageSize): number {
  const width = image.width ?? ASSUMED_SIDE;
  const height = image.height ?? ASSUMED_SIDE;
  if (company === 'anthropic') return anthropicImageTokens(width, height);
  if (company === 'gemini') return geminiImageTokens(width, height);
  return openAiImageTokens(width, height);
}

export const imagesTokens = (company: ModelCompany, images: readonly ImageSize[] | undefined) =>
  (images ?? []).reduce((sum, image) => sum + imageTokens(company, image), 0);
