import { Button, Image, Space, Typography, Upload } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { uploadErrorText, uploadFile } from '../../../lib/operator-upload';
import { toOssUrl } from '../../../lib/oss-url';

/**
 * The project's cover picture as a form control: shows the current one and uploads a new one
 * through the console's picture upload; the returned key is the field value, saved with the form.
 */
export function ProjectCoverField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (path: string) => void;
}) {
  const { message } = useApp();
  const [isUploading, setIsUploading] = useState(false);

  const handleUpload = (file: File) => {
    setIsUploading(true);
    uploadFile('/api/admin/uploads', file, { kind: 'image' }, { toast: false })
      .then((saved) => {
        onChange?.(saved.path);
        message.success('封面已上传，保存后生效');
      })
      .catch((error: unknown) => message.error(uploadErrorText(error)))
      .finally(() => setIsUploading(false));
    return false;
  };

  return (
    <Space align="start">
      {value ? (
        <Image
          width={200}
          height={130}
          style={{ objectFit: 'cover' }}
          src={toOssUrl(value)}
          alt="楼盘封面"
        />
      ) : (
        <Typography.Text type="secondary">暂无封面</Typography.Text>
      )}
      <Upload accept="image/*" showUploadList={false} beforeUpload={handleUpload}>
        <Button loading={isUploading}>{value ? '更换封面' : '上传封面'}</Button>
      </Upload>
    </Space>
  );
}
