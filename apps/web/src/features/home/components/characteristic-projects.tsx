import { useState } from 'react';
import { SectionPanel } from '../../../components/section-panel';
import { useCharacteristicTags, useHomeProjects } from '../api/get-home-content';
import { HomeEmptyState as EmptyState } from './home-empty-state';
import styles from './home-projects.module.css';
import { ProjectCard } from './project-card';

/** Projects shown for the chosen characteristic tag (docs/product/content.md). */
export const TAG_PROJECT_COUNT = 4;

/** 特色楼盘: the characteristic tags; the chosen one (first by default) shows up to 4 projects. */
export function CharacteristicProjects() {
  const { data: tags = [], isPending: isTagsPending } = useCharacteristicTags();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const activeId = chosenId ?? tags[0]?.id;
  const { data: projects = [], isPending } = useHomeProjects(
    { characteristicId: activeId, size: TAG_PROJECT_COUNT },
    activeId !== undefined,
  );

  return (
    <SectionPanel title="特色楼盘">
      {tags.length === 0 ? (
        !isTagsPending && <EmptyState />
      ) : (
        <>
          <div className={styles.filters} role="tablist" aria-label="楼盘特色">
            {tags.map((tag) => (
              <button
                key={tag.id}
                type="button"
                role="tab"
                aria-selected={tag.id === activeId}
                className={tag.id === activeId ? styles.filterActive : styles.filter}
                onClick={() => setChosenId(tag.id)}
              >
                {tag.tagName}
              </button>
            ))}
          </div>
          {projects.length === 0 ? (
            !isPending && <EmptyState />
          ) : (
            <div className={styles.grid} data-testid="characteristic-projects">
              {projects.slice(0, TAG_PROJECT_COUNT).map((project) => (
                <ProjectCard key={project.id} project={project} variant="compact" />
              ))}
            </div>
          )}
        </>
      )}
    </SectionPanel>
  );
}
