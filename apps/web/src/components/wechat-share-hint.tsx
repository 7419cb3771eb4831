import { Modal } from 'antd';

/**
 * Inside WeChat, where only its own ··· menu shares a page: how to share it, with the card it
 * makes. Loaded on first use (`share-button.tsx`), so the dialog's code is not part of the pages'
 * first load (docs/decisions/0057-initial-javascript-per-page-type.md).
 */
export function WechatShareHint({
  open,
  title,
  onClose,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title="分享给朋友" footer={null} onCancel={onClose} destroyOnHidden>
      <p>请点击微信右上角的「···」，选择「发送给朋友」或「分享到朋友圈」。</p>
      <p>分享卡片会显示“{title}”及本页链接。</p>
    </Modal>
  );
}
