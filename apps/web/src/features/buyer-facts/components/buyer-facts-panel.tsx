import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useListingPlace, useReportProjectView, type FactsTarget } from '../api/buyer-facts';
import { ActivityFiguresPanel } from './activity-figures';
import styles from './buyer-facts.module.css';
import { NearbyList } from './nearby-list';
import { PlaceMap } from './place-map';
import { QuestionsPanel } from './questions-panel';

function ProjectView({ id }: { id: number }) {
  useReportProjectView(id);
  return null;
}

function CommunityLink({ community }: { community: { id: number; name: string } | null }) {
  if (!community) return null;
  return (
    <section className={styles.section}>
      <h2>所在小区</h2>
      <Link to={paths.community.getHref({ id: community.id })}>{community.name} 小区详情</Link>
    </section>
  );
}

/**
 * What a buyer compares below a project or listing page, loaded after the page itself: its
 * 小区 and place on the map (listings), activity figures, 周边配套 and 问答.
 */
export function BuyerFactsPanel({
  target,
  lng,
  lat,
  place: placeText,
}: {
  target: FactsTarget;
  lng?: number | null;
  lat?: number | null;
  /** A listing's 小区 name and address, for its 位置 section (a project has its own). */
  place?: { name: string; district: string; address: string };
}) {
  const isListing = target.targetType === 'listing';
  const place = useListingPlace(target.targetId, isListing);
  const at = isListing
    ? { lng: place.data?.lng ?? null, lat: place.data?.lat ?? null }
    : { lng: lng ?? null, lat: lat ?? null };
  return (
    <div className={styles.panel}>
      {target.targetType === 'project' && <ProjectView id={target.targetId} />}
      {isListing && <CommunityLink community={place.data?.community ?? null} />}
      {isListing && placeText && place.data && (
        <PlaceMap {...placeText} lng={at.lng} lat={at.lat} />
      )}
      <ActivityFiguresPanel target={target} />
      <NearbyList lng={at.lng} lat={at.lat} />
      <QuestionsPanel target={target} />
    </div>
  );
}
