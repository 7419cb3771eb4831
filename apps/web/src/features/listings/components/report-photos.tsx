import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LISTING_REPORT_LIMITS } from '@portal/shared/constants/listing-trust';
import { LISTING_LIMITS } from '@portal/shared/constants/listings';
import { LISTING_MESSAGES } from '@portal/shared/schemas/listings';
import { Button, Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ChangeEvent, useId, useState } from 'react';
import { uploadReportPhoto } from '../api/listing-trust';
import styles from './picture-upload.module.css';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

/** A report photo: its private key and a short-lived preview link. */
export interface ReportPhoto {
  path: string;
  url: string;
}

interface ReportPhotosProps {
  /** Set by antd Form.Item. */
  value?: ReportPhoto[];
  onChange?: (value: ReportPhoto[]) => void;
}

/** Up to three JPEG or PNG photos for a report, uploaded one by one (the server checks them). */
export function ReportPhotos({ value = [], onChange }: ReportPhotosProps) {
  const { message } = useApp();
  const inputId = useId();
  const [isUploading, setUploading] = useState(false);
  const max = LISTING_REPORT_LIMITS.photos;

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
      message.error(`最多上传${max}张图片`);
      return;
    }
    setUploading(true);
    let next = value;
    try {
      for (const file of files) {
        next = [...next, await uploadReportPhoto(file)];
        onChange?.(next);
      }
    } catch {
      // The api client has shown the server's reason.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Spin spinning={isUploading}>
      <div className={styles.grid}>
        {value.map((photo, index) => (
          <figure key={photo.path} className={styles.item}>
            <img src={photo.url} alt={`举报图片${index + 1}`} />
            <Button
              size="small"
              className={styles.remove}
              icon={<DeleteOutlined />}
              aria-label={`删除举报图片${index + 1}`}
              onClick={() => onChange?.(value.filter((p) => p.path !== photo.path))}
            />
          </figure>
        ))}
        {value.length < max && (
          <label className={styles.add} htmlFor={inputId}>
            <PlusOutlined />
            <span>上传图片</span>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png"
              multiple
              aria-label="上传举报图片"
              className={styles.input}
              onChange={(event) => void handleFiles(event)}
            />
          </label>
        )}
      </div>
    </Spin>
  );
}
