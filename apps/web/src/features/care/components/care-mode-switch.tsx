import { isCareMode } from '../../../lib/care-mode';
import { switchCareMode } from '../../../lib/care-mode-account';

/**
 * The 长辈版 switch. Its two labels are both in the markup and the mode's attribute on <html>
 * shows one (global.css `.care-on-only` / `.care-off-only`), so a page the server drew shows the
 * right one before any code runs (docs/product/accessibility.md).
 */
export function CareModeSwitch({
  className,
  onSwitched,
}: {
  className?: string;
  /** After switching (the phone menu closes itself). */
  onSwitched?: () => void;
}) {
  const handleClick = () => {
    void switchCareMode(!isCareMode());
    onSwitched?.();
  };
  return (
    <button type="button" className={className} onClick={handleClick} data-care-switch="">
      <span className="care-off-only">长辈版</span>
      <span className="care-on-only">退出长辈版</span>
    </button>
  );
}
