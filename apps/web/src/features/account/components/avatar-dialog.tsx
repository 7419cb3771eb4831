import {
  RotateLeftOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { SHEET_MODAL_PROPS } from '../../../components/sheet-modal';
import { uploadAvatar, useProfileMutation } from '../api/profile';
import {
  type AvatarTransform,
  drawAvatar,
  exportAvatar,
  isAcceptedImage,
  STAGE_SIZE,
} from './avatar-canvas';
import styles from './avatar-dialog.module.css';
import { clampZoom, usePinchZoom } from './use-pinch-zoom';

const ZOOM_STEP = 0.1;
const TYPE_ERROR = '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。';

/** 修改头像 (docs/product/accounts.md): select, zoom in/out, rotate left/right, cancel and save. */
export function AvatarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useApp();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [transform, setTransform] = useState<AvatarTransform>({ zoom: 1, turns: 0 });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useProfileMutation(uploadAvatar);

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (context && image) drawAvatar(context, image, STAGE_SIZE, transform);
  }, [image, transform]);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      message.error(TYPE_ERROR);
      return;
    }
    const url = URL.createObjectURL(file);
    const loaded = new Image();
    loaded.onload = () => {
      setImage(loaded);
      setTransform({ zoom: 1, turns: 0 });
    };
    loaded.onerror = () => message.error(TYPE_ERROR);
    loaded.src = url;
  };

  const zoomBy = (delta: number) =>
    setTransform((t) => ({ ...t, zoom: clampZoom(t.zoom + delta) }));
  const pinch = usePinchZoom(transform.zoom, (zoom) => setTransform((t) => ({ ...t, zoom })));
  const turnBy = (delta: number) =>
    setTransform((t) => ({ ...t, turns: (t.turns + delta + 4) % 4 }));

  const handleSave = async () => {
    if (!image) {
      message.warning('请先选择图片');
      return;
    }
    const blob = await exportAvatar(image, transform);
    await upload.mutateAsync(blob);
    message.success('上传成功');
    onClose();
  };

  return (
    <Modal
      {...SHEET_MODAL_PROPS}
      open={open}
      title="修改头像"
      width={650}
      onCancel={onClose}
      afterClose={() => setImage(null)}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="save" type="primary" loading={upload.isPending} onClick={handleSave}>
          保存
        </Button>,
      ]}
    >
      <div className={styles.body}>
        <div className={styles.stage} {...(image ? pinch : {})}>
          {image ? (
            <canvas
              ref={canvasRef}
              width={STAGE_SIZE}
              height={STAGE_SIZE}
              aria-label="头像裁剪区"
            />
          ) : (
            <button
              type="button"
              className={styles.empty}
              onClick={() => inputRef.current?.click()}
            >
              点击选择图片
            </button>
          )}
          <div className={styles.cropBox} aria-hidden="true" />
        </div>
        {image && <p className={styles.hint}>双指开合可缩放图片</p>}
        <Space wrap className={styles.tools}>
          <Button onClick={() => inputRef.current?.click()}>选择图片</Button>
          <Button icon={<ZoomInOutlined />} aria-label="放大" onClick={() => zoomBy(ZOOM_STEP)} />
          <Button icon={<ZoomOutOutlined />} aria-label="缩小" onClick={() => zoomBy(-ZOOM_STEP)} />
          <Button icon={<RotateLeftOutlined />} aria-label="向左旋转" onClick={() => turnBy(-1)} />
          <Button icon={<RotateRightOutlined />} aria-label="向右旋转" onClick={() => turnBy(1)} />
        </Space>
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png"
          hidden
          data-testid="avatar-file"
          onChange={handleFile}
        />
      </div>
    </Modal>
  );
}
