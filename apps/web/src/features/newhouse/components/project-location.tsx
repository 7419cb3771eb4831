import type { ProjectDetail } from '@portal/shared/schemas/projects';
import { CityMap } from '../../../components/city-map';
import { SectionPanel } from '../../../components/section-panel';

/** The project's location on the city map (zoom 15, spec 3 §9). */
export function ProjectLocation({ project }: { project: ProjectDetail }) {
  return (
    <SectionPanel title="楼盘位置">
      <p>地址：{project.projectAddress}</p>
      <CityMap
        center={[project.lng, project.lat]}
        zoom={15}
        height={320}
        markers={[
          { id: project.id, position: [project.lng, project.lat], label: project.publishName },
        ]}
      />
    </SectionPanel>
  );
}
