import { CloseCircleFilled, DownOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import styles from './search-controls.module.css';

/*
 * Search controls drawn to match antd's large Select, Input and Button with the portal theme's
 * tokens: the home search strip and the keyword box of /newHouse, the first pages most visitors
 * load. These plain elements spare them antd's select, input, form and button code
 * (docs/decisions/0018).
 */

/** The theme tokens the controls' style sheet reads, as CSS custom properties. */
export function useControlTokens(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--hs-height': `${token.controlHeightLG}px`,
    '--hs-radius': `${token.borderRadiusLG}px`,
    '--hs-font-size': `${token.fontSizeLG}px`,
    '--hs-option-font-size': `${token.fontSize}px`,
    '--hs-border': token.colorBorder,
    '--hs-primary': token.colorPrimary,
    '--hs-primary-hover': token.colorPrimaryHover,
    '--hs-primary-active': token.colorPrimaryActive,
    '--hs-primary-border': token.colorPrimaryBorder,
    '--hs-outline': token.controlOutline,
    '--hs-text': token.colorText,
    '--hs-text-placeholder': token.colorTextPlaceholder,
    '--hs-text-quaternary': token.colorTextQuaternary,
    '--hs-text-tertiary': token.colorTextTertiary,
    '--hs-text-disabled': token.colorTextDisabled,
    '--hs-bg': token.colorBgContainer,
    '--hs-bg-disabled': token.colorBgContainerDisabled,
    '--hs-bg-elevated': token.colorBgElevated,
    '--hs-item-active': token.controlItemBgActive,
    '--hs-item-hover': token.controlItemBgHover,
    '--hs-shadow': token.boxShadowSecondary,
    '--hs-primary-shadow': `0 2px 0 ${token.controlOutline}`,
    '--hs-default-shadow': `0 2px 0 ${token.colorFillQuaternary}`,
  } as CSSProperties;
}

export interface TypeOption<T extends string | number> {
  value: T;
  label: string;
}

interface TypeSelectProps<T extends string | number> {
  value: T;
  options: ReadonlyArray<TypeOption<T>>;
  onChange: (value: T) => void;
  'aria-label': string;
  className?: string;
}

/** A single-choice drop-down (a listbox under a combobox button). */
export function TypeSelect<T extends string | number>({
  value,
  options,
  onChange,
  className,
  'aria-label': ariaLabel,
}: TypeSelectProps<T>) {
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const selected = options[selectedIndex];

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [isOpen]);

  const open = () => {
    setActiveIndex(selectedIndex);
    setOpen(true);
  };

  const choose = (index: number) => {
    const option = options[index];
    if (option) onChange(option.value);
    setOpen(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) return open();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (isOpen) choose(activeIndex);
      else open();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className={`${styles.select} ${className ?? ''}`}>
      <button
        type="button"
        role="combobox"
        aria-label={ariaLabel}
        aria-expanded={isOpen}
        aria-haspopup="listbox"
        aria-controls={isOpen ? listId : undefined}
        className={isOpen ? `${styles.selector} ${styles.open}` : styles.selector}
        onMouseDown={(event) => {
          if (event.button !== 0) return;
          event.preventDefault();
          event.currentTarget.focus();
          if (isOpen) setOpen(false);
          else open();
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span className={styles.selection} title={selected?.label}>
          {selected?.label}
        </span>
        <DownOutlined className={styles.arrow} />
      </button>
      {isOpen && (
        <div className={styles.dropdown} id={listId} role="listbox" aria-label={ariaLabel}>
          {options.map((option, index) => {
            const isSelected = option.value === value;
            const classNames = [styles.option];
            if (isSelected) classNames.push(styles.selected);
            if (index === activeIndex) classNames.push(styles.active);
            return (
              <div
                key={String(option.value)}
                role="option"
                aria-selected={isSelected}
                title={option.label}
                className={classNames.join(' ')}
                onMouseEnter={() => setActiveIndex(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
              >
                {option.label}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  onPressEnter: () => void;
  /** After the clear button emptied the box (a search for everything, where that is wanted). */
  onClear?: () => void;
  /** `search` for a box whose role is a search box (its own clear button stays the only one). */
  type?: 'text' | 'search';
  placeholder: string;
  maxLength: number;
  'aria-label': string;
  className?: string;
}

/** A text box with a clear button once it holds text. */
export function SearchInput({
  value,
  onChange,
  onPressEnter,
  onClear,
  type = 'text',
  className,
  ...inputProps
}: SearchInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <span className={`${styles.affix} ${className ?? ''}`}>
      <input
        ref={inputRef}
        type={type}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) onPressEnter();
        }}
        {...inputProps}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label="清除"
        className={value ? styles.clear : `${styles.clear} ${styles.clearHidden}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          onChange('');
          onClear?.();
          inputRef.current?.focus();
        }}
      >
        <CloseCircleFilled />
      </button>
    </span>
  );
}

interface SearchButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant: 'primary' | 'default';
  icon: ReactNode;
}

/** A large button with an icon and antd's click wave. */
export function SearchButton({
  variant,
  icon,
  children,
  className,
  onClick,
  ...buttonProps
}: SearchButtonProps) {
  const [wave, setWave] = useState(0);
  const classNames = [styles.button, variant === 'primary' ? styles.primary : styles.default];
  if (className) classNames.push(className);
  return (
    <button
      type="button"
      className={classNames.join(' ')}
      onClick={(event) => {
        setWave((count) => count + 1);
        onClick?.(event);
      }}
      {...buttonProps}
    >
      <span className={styles.icon}>{icon}</span>
      <span>{children}</span>
      {wave > 0 && (
        <span
          key={wave}
          className={styles.wave}
          aria-hidden="true"
          onAnimationEnd={() => setWave(0)}
        />
      )}
    </button>
  );
}
