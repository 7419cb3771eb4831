import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HydrateApart } from '../../../components/hydrate-apart';
import { TabStrip, tabIdOf } from '../../../components/tab-strip/tab-strip';
import { useIsPhone } from '../../../lib/use-media-query';
import { SideNotes } from './side-notes';
import { TOOL_TABS, type ToolTab, toolTabOf } from './tool-tabs';
import styles from './tools.module.css';

function ToolBody({ tab }: { tab: ToolTab }) {
  const { key, Calculator } = tab;
  return (
    <div className={styles.body}>
      <div className={styles.main}>
        <HydrateApart>
          <Calculator />
        </HydrateApart>
      </div>
      <HydrateApart>
        <SideNotes tab={key} />
      </HydrateApart>
    </div>
  );
}

/**
 * On a phone the six calculators are links (`?tab=1..6`) in one strip that scrolls sideways,
 * the current one scrolled into view, and the calculator below it.
 */
function PhoneToolPage({ active }: { active: ToolTab }) {
  const stripRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const strip = stripRef.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    const offset = current.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft += offset - (strip.clientWidth - current.offsetWidth) / 2;
  }, [active.key]);
  return (
    <>
      <nav className={styles.phoneTabs} aria-label="购房工具" ref={stripRef}>
        {TOOL_TABS.map((tab) => (
          <Link
            key={tab.key}
            to={{ search: `?tab=${tab.key}` }}
            className={
              tab.key === active.key
                ? `${styles.phoneTab} ${styles.phoneTabActive}`
                : styles.phoneTab
            }
            aria-current={tab.key === active.key ? 'page' : undefined}
          >
            {tab.name}
          </Link>
        ))}
      </nav>
      <ToolBody key={active.key} tab={active} />
    </>
  );
}

/** The tab strip of the six calculators with the side notes of tabs 1–5 (docs/product/calculators.md). */
export function ToolPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = toolTabOf(searchParams.get('tab'));
  const isPhone = useIsPhone();

  const handleChange = (key: string) => setSearchParams({ tab: key });

  if (isPhone) return <PhoneToolPage active={active} />;
  return <DesktopToolPage active={active} onChange={handleChange} />;
}

/** On a desktop the six calculators are tabs above the chosen one; only that one is drawn. */
function DesktopToolPage({
  active,
  onChange,
}: {
  active: ToolTab;
  onChange: (key: string) => void;
}) {
  const idBase = useId();
  const panelId = `${idBase}-panel`;
  const activeKey = String(active.key);
  return (
    <>
      <TabStrip
        label="购房工具"
        className={styles.desktopTabs}
        idBase={idBase}
        panelId={panelId}
        activeKey={activeKey}
        onChange={onChange}
        items={TOOL_TABS.map((tab) => ({ key: String(tab.key), label: tab.name }))}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={tabIdOf(idBase, activeKey)}>
        <ToolBody key={active.key} tab={active} />
      </div>
    </>
  );
}
