import type { AdminProjectDetail } from '@portal/shared/schemas/projects/admin';
import { Result, Spin, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAdminProject } from './api';
import { ProjectAlbum } from './project-album';
import { ProjectFactsForm } from './project-facts-form';
import { ProjectLicences } from './project-licences';

/**
 * One project's editor: facts and prices, album, licences, and room sale states. The rooms tab
 * is the building table's screen, which the route hands in (`rooms`): a domain's operator screens
 * do not import another domain's (docs/decisions/0074-operator-screens-by-domain.md).
 */
export function ProjectEditor({
  id,
  rooms,
}: {
  id: number;
  rooms: (project: AdminProjectDetail) => ReactNode;
}) {
  const { data: project, isPending, isError } = useAdminProject(id);
  if (isPending) return <Spin />;
  if (isError || !project) return <Result status="404" title="楼盘不存在" />;
  return (
    <>
      <Typography.Title level={4}>
        {project.publishName}
        <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
          {project.districtName} · 编号 {project.id} ·{' '}
          <Link to={paths.houseHome.getHref({ id: project.id })} target="_blank">
            查看前台页面
          </Link>
        </Typography.Text>
      </Typography.Title>
      <Tabs
        items={[
          {
            key: 'facts',
            label: '基本信息与价格',
            children: <ProjectFactsForm project={project} />,
          },
          { key: 'album', label: '相册', children: <ProjectAlbum project={project} /> },
          { key: 'licences', label: '预售许可证', children: <ProjectLicences project={project} /> },
          { key: 'rooms', label: '房间销售状态', children: rooms(project) },
        ]}
      />
    </>
  );
}
