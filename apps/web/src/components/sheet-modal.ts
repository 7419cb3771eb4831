import styles from './sheet-modal.module.css';

/**
 * Spread into an antd `Modal` to show it as a full-width bottom sheet on phones; wider screens
 * keep the dialog as it was (docs/decisions/0028-phone-layout-personal-centre.md).
 */
export const SHEET_MODAL_PROPS = { rootClassName: styles.sheet } as const;
