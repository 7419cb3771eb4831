import {
  ALBUM_GROUP_LABEL,
  ALBUM_GROUPS,
  type AdminProjectDetail,
} from '@portal/shared/schemas/projects/admin';
import { Button, Card, Image, Popconfirm, Space, Upload } from 'antd';
import { useAddAlbumPicture, useRemoveAlbumPicture } from './api';

/** The project's picture album by group: upload into a group, delete a picture. */
export function ProjectAlbum({ project }: { project: AdminProjectDetail }) {
  const add = useAddAlbumPicture(project.id);
  const remove = useRemoveAlbumPicture(project.id);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {ALBUM_GROUPS.map((group) => {
        const pictures = project.album.filter((item) => item.group === group);
        return (
          <Card
            key={group}
            size="small"
            title={`${ALBUM_GROUP_LABEL[group]}（${pictures.length}）`}
            extra={
              <Upload
                accept="image/*"
                showUploadList={false}
                beforeUpload={(file) => {
                  add.mutate({ group, file });
                  return false;
                }}
              >
                <Button size="small" loading={add.isPending && add.variables?.group === group}>
                  上传图片
                </Button>
              </Upload>
            }
          >
            <Space wrap>
              {pictures.length === 0 && <span style={{ color: '#999' }}>暂无图片</span>}
              {pictures.map((picture) => (
                <Space key={picture.id} direction="vertical" align="center">
                  <Image width={120} height={90} style={{ objectFit: 'cover' }} src={picture.url} />
                  <Popconfirm
                    title="确定删除这张图片？"
                    onConfirm={() => remove.mutateAsync(picture.id)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ))}
            </Space>
          </Card>
        );
      })}
    </Space>
  );
}
