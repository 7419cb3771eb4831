/** Side of the crop box and of the uploaded avatar, px (docs/product/accounts.md). */
export const AVATAR_SIZE = 200;
/** Side of the editing stage around the crop box, px. */
export const STAGE_SIZE = 300;
/** JPEG quality of the uploaded avatar (docs/product/accounts.md). */
export const AVATAR_QUALITY = 0.5;

export interface AvatarTransform {
  /** 1 = the image just covers the crop box. */
  zoom: number;
  /** Clockwise quarter turns. */
  turns: number;
}

/**
 * Draws the image centred on a square canvas of `size` px, covering the 200 px crop box at
 * zoom 1, rotated by quarter turns.
 */
export function drawAvatar(
  context: CanvasRenderingContext2D,
  image: HTMLImageElement,
  size: number,
  { zoom, turns }: AvatarTransform,
): void {
  const cover = AVATAR_SIZE / Math.min(image.naturalWidth, image.naturalHeight);
  context.save();
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.translate(size / 2, size / 2);
  context.rotate((turns * Math.PI) / 2);
  context.scale(cover * zoom, cover * zoom);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  context.restore();
}

/** The crop box content as a 200×200 JPEG at quality 0.5. */
export function exportAvatar(image: HTMLImageElement, transform: AvatarTransform): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas unavailable'));
  drawAvatar(context, image, AVATAR_SIZE, transform);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))),
      'image/jpeg',
      AVATAR_QUALITY,
    );
  });
}

/** Image files the avatar dialog accepts (docs/product/accounts.md). */
export function isAcceptedImage(file: File): boolean {
  return /^image\/(jpeg|png)$/.test(file.type) && /\.(jpe?g|png)$/i.test(file.name);
}
