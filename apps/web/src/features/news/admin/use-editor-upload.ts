import useApp from 'antd/es/app/useApp';
import { useCallback } from 'react';
import type { UploadedFile } from '../../../components/rich-text-editor';
import { uploadErrorText, uploadFile } from '../../../lib/operator-upload';

/**
 * The article editor's upload: stores a picture or document as an operator file and returns its
 * public address; a refused file shows the server's reason and inserts nothing.
 */
export function useEditorUpload() {
  const { message } = useApp();
  return useCallback(
    async (file: File, kind: 'image' | 'document'): Promise<UploadedFile | null> => {
      const saved = await uploadFile('/api/admin/uploads', file, { kind }, { toast: false }).catch(
        (error: unknown) => {
          message.error(uploadErrorText(error));
          return null;
        },
      );
      return saved ? { url: saved.url, name: saved.originalName } : null;
    },
    [message],
  );
}
