import { ALBUM_GROUPS } from '@portal/shared/schemas/projects';
import { PhoneText } from '../../../components/phone-link';
import { SectionPanel } from '../../../components/section-panel';
import { AlbumThumbs } from '../../../features/projects/components/album-thumbs';
import { InfoList } from '../../../features/projects/components/info-list';
import { formatProjectPrice } from '../../../features/projects/components/project-list-item';
import { ProjectPageFrame } from '../../../features/projects/components/project-page-frame';
import { VrCard } from '../../../features/projects/components/vr-card';
import styles from './project-pages.module.css';

/** /housePhoto: the six albums with counts and the VR card (docs/product/new-build.md). */
export default function HousePhotoRoute() {
  return (
    <ProjectPageFrame section="楼盘相册" active="housePhoto">
      {(project) => (
        <>
          <section className={styles.albumHead} aria-label="楼盘信息">
            <VrCard link={project.vrLink} className={styles.vrCard} />
            <InfoList
              entries={[
                { label: '销售价格', value: formatProjectPrice(project.platformPrice) },
                { label: '主力户型', value: project.houseTypeStr },
                { label: '楼盘地址', value: project.projectAddress },
                {
                  label: '咨询电话',
                  value: project.contact && <PhoneText text={project.contact} />,
                },
              ]}
            />
          </section>
          {ALBUM_GROUPS.map((group) => {
            const pictures = project.albums[group.key] ?? [];
            return (
              <SectionPanel key={group.key} title={`${group.label}（${pictures.length}）`}>
                {pictures.length === 0 ? (
                  <p className={styles.count}>暂无{group.label}</p>
                ) : (
                  <AlbumThumbs
                    paths={pictures}
                    alt={`${project.publishName}${group.label}`}
                    isVideo={group.key === 'video'}
                  />
                )}
              </SectionPanel>
            );
          })}
        </>
      )}
    </ProjectPageFrame>
  );
}
