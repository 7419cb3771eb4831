import { toOssUrl } from '../../../lib/oss-url';

interface VrCardProps {
  /** The project's VR tour link; null or blank when it has none. */
  link: string | null;
  className?: string;
}

/**
 * The VR tour card of /housePhoto. It appears only when the project has a VR tour link, and opens
 * the tour in a new window (docs/product/labels.md: a drawing is never offered as a VR tour).
 */
export function VrCard({ link, className }: VrCardProps) {
  const href = toOssUrl(link);
  if (!href) return null;
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      <strong>VR 全景看房</strong>
      <span>点击进入（新窗口）</span>
    </a>
  );
}
