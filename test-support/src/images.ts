import { PNG } from 'pngjs';

/** A real PNG of one colour, `width` by `height`: what tests upload as an input's image. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [40, 120, 200]): Buffer {
  const png = new PNG({ width, height });
  for (let pixel = 0; pixel < width * height; pixel++) png.data.set([...rgb, 255], pixel * 4);
  return PNG.sync.write(png);
}
