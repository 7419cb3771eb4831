import { useNewTabLink } from '../../../lib/new-tab';
import { toOssUrl } from '../../../lib/oss-url';

interface VrCardProps {
  /** The project's VR tour link; null or blank when it has none. */
  link: string | null;
  className?: string;
}

/**
 * The VR tour card of /housePhoto. It appears only when the project has a VR tour link, and opens
 * the tour in a new window on a desktop, in place on a phone (docs/product/labels.md: a drawing is never offered as a VR tour).
 */
export function VrCard({ link, className }: VrCardProps) {
  const href = toOssUrl(link);
  const newTab = useNewTabLink();
  if (!href) return null;
  return (
    <a className={className} href={href} {...newTab}>
      <strong>VR 全景看房</strong>
      <span>{newTab.target ? '点击进入（新窗口）' : '点击进入'}</span>
    </a>
  );
}
