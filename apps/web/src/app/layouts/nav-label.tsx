import type { NavLink } from '../../config/navigation';

/**
 * A link's words: in 长辈版 its everyday words where it has them (docs/product/accessibility.md).
 * Both are in the markup and the page's mode shows one (global.css), so a page the server drew
 * shows the right one before any code runs.
 */
export function NavLabel({ link }: { link: NavLink }) {
  if (!link.plainLabel) return <>{link.label}</>;
  return (
    <>
      <span className="care-off-only">{link.label}</span>
      <span className="care-on-only">{link.plainLabel}</span>
    </>
  );
}
