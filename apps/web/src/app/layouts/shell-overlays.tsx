import { Dropdown, type MenuProps, Popover } from 'antd';
import { type ReactElement, useState } from 'react';
import { SiteQrCode } from '../../components/site-qr-code';
import styles from './top-bar.module.css';

/*
 * The shell's hover overlays, loaded on first hover, focus or click of their trigger (see
 * `useOverlayArming`), so antd's menu and pop-over code is not part of the first page load.
 */

interface NavDropdownProps {
  items: NonNullable<MenuProps['items']>;
  onSelect: (key: string) => void;
  /** Open at once: the pointer is on the trigger, or it was clicked. */
  startOpen: boolean;
  children: ReactElement;
}

/** The drop-down menu of a main-navigation item with sub-pages. */
export function NavDropdown({ items, onSelect, startOpen, children }: NavDropdownProps) {
  const [isOpen, setOpen] = useState(startOpen);
  return (
    <Dropdown
      open={isOpen}
      onOpenChange={(next) => setOpen(next)}
      menu={{ items, onClick: ({ key }) => onSelect(key) }}
    >
      {children}
    </Dropdown>
  );
}

function MiniProgramCard() {
  return (
    <div className={styles.qrCard}>
      <SiteQrCode path="/" />
    </div>
  );
}

interface MiniProgramPopoverProps {
  startOpen: boolean;
  children: ReactElement;
}

/** The top bar's 小程序 QR card, opened by hover or click. */
export function MiniProgramPopover({ startOpen, children }: MiniProgramPopoverProps) {
  const [isOpen, setOpen] = useState(startOpen);
  return (
    <Popover
      content={<MiniProgramCard />}
      placement="bottom"
      trigger={['hover', 'click']}
      open={isOpen}
      onOpenChange={(next) => setOpen(next)}
    >
      {children}
    </Popover>
  );
}
