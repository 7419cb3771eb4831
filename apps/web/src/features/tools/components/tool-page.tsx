import { Tabs } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { SideNotes } from './side-notes';
import { TOOL_TABS, toolTabOf } from './tool-tabs';
import styles from './tools.module.css';

interface ToolPageProps {
  /** Called with the active tool's name, for the page title and breadcrumb. */
  onTitleChange?: (name: string) => void;
}

/** The tab strip of the six calculators with the side notes of tabs 1–5 (docs/product/calculators.md). */
export function ToolPage({ onTitleChange }: ToolPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = toolTabOf(searchParams.get('tab'));

  useEffect(() => {
    onTitleChange?.(active.name);
  }, [active.name, onTitleChange]);

  const handleChange = (key: string) => setSearchParams({ tab: key });

  return (
    <Tabs
      activeKey={String(active.key)}
      onChange={handleChange}
      destroyOnHidden
      more={{ trigger: ['click'] }}
      items={TOOL_TABS.map(({ key, name, Calculator }) => ({
        key: String(key),
        label: name,
        children: (
          <div className={styles.body}>
            <div className={styles.main}>
              <Calculator />
            </div>
            <SideNotes tab={key} />
          </div>
        ),
      }))}
    />
  );
}
