import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LISTING_LIMITS, type ListingPictureKind } from '@portal/shared/constants/listings';
import { LISTING_MESSAGES } from '@portal/shared/schemas/listings';
import { Button, Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ChangeEvent, useId, useState } from 'react';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { uploadListingPicture } from '../api/publish';
import { useFreshPictureLinks } from '../hooks/use-fresh-picture-links';
import { type FormPicture, withCover } from '../lib/listing-form';
import { uploadErrorMessage } from '../lib/upload-error';
import styles from './picture-upload.module.css';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

interface PictureUploadProps {
  kind: ListingPictureKind;
  max: number;
  /** Set by antd Form.Item. */
  value?: FormPicture[];
  onChange?: (value: FormPicture[]) => void;
  label: string;
  /** The listing being edited, whose stored certification photos may be re-signed. */
  listingId?: number;
}

/**
 * Picture picker of the listing form: JPEG or PNG only, at most `max` (docs/product/listings.md), uploaded one
 * by one; house photos can choose their cover. The server checks the content again. A private
 * photo whose signed link has expired is shown again through a fresh link.
 */
export function PictureUpload({
  kind,
  max,
  value = [],
  onChange,
  label,
  listingId,
}: PictureUploadProps) {
  const { message } = useApp();
  const inputId = useId();
  const [isUploading, setUploading] = useState(false);
  const links = useFreshPictureLinks(kind, listingId);

  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.some((file) => !IMAGE_TYPES.has(file.type))) {
      message.error(LISTING_MESSAGES.imageOnly);
      return;
    }
    if (files.some((file) => file.size > LISTING_LIMITS.photoBytes)) {
      message.error('图片大小不能超过5MB');
      return;
    }
    if (value.length + files.length > max) {
      message.error(`只能上传${max}个图片文件`);
      return;
    }
    setUploading(true);
    let next = value;
    try {
      for (const file of files) {
        const result = await uploadListingPicture(kind, file);
        next = [
          ...next,
          { path: result.path, url: result.url, name: result.originalName, cover: false },
        ];
        if (kind === 'house' && !next.some((p) => p.cover)) next = withCover(next, result.path);
        onChange?.(next);
      }
      message.success('上传成功');
    } catch (error) {
      const text = uploadErrorMessage(error);
      if (text) message.error(text);
    } finally {
      setUploading(false);
    }
  };

  const remove = (path: string) => {
    let next = value.filter((p) => p.path !== path);
    if (kind === 'house' && next.length > 0 && !next.some((p) => p.cover))
      next = withCover(next, next[0]?.path ?? '');
    onChange?.(next);
  };

  return (
    <Spin spinning={isUploading}>
      <div className={styles.grid}>
        {value.map((picture) => (
          <figure key={picture.path} className={styles.item}>
            <ImageWithFallback
              src={links.urlOf(picture)}
              alt={picture.name || label}
              loading="eager"
              onError={() => links.refresh(value, picture.path)}
            />
            {kind === 'house' &&
              (picture.cover ? (
                <span className={styles.cover}>封面</span>
              ) : (
                <button
                  type="button"
                  className={styles.setCover}
                  onClick={() => onChange?.(withCover(value, picture.path))}
                >
                  设为封面
                </button>
              ))}
            <Button
              size="small"
              className={styles.remove}
              icon={<DeleteOutlined />}
              aria-label={`删除${picture.name || label}`}
              onClick={() => remove(picture.path)}
            />
          </figure>
        ))}
        {value.length < max && (
          <label className={styles.add} htmlFor={inputId}>
            <PlusOutlined />
            <span>上传{label}</span>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png"
              multiple={max > 1}
              aria-label={`上传${label}`}
              className={styles.input}
              onChange={(event) => void handleFiles(event)}
            />
          </label>
        )}
      </div>
      <p className={styles.hint}>
        仅支持JPG、PNG格式，最多{max}张{kind === 'house' ? '，可设置一张封面' : ''}
      </p>
    </Spin>
  );
}
