import type { ObjectStorage } from '../../integrations/storage/index';

/** One generated picture: its object key, markup and whether it is a private document. */
export interface SvgFile {
  key: string;
  svg: string;
  isPrivate?: boolean;
}

/** Writes at most this many objects at once, so a large city never runs out of file handles. */
const PARALLEL_WRITES = 32;

/** Stores the generated SVG pictures in the object storage, a few at a time. */
export async function putSvgs(storage: ObjectStorage, files: readonly SvgFile[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next] as SvgFile;
      next += 1;
      await storage.put(
        file.isPrivate ? 'private' : 'public',
        file.key,
        Buffer.from(file.svg, 'utf8'),
        'image/svg+xml',
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_WRITES, files.length) }, worker));
}
