import { AutoComplete } from 'antd';
import { useEffect, useState } from 'react';
import { useCommunitySuggestions } from '../api/community-suggestions';
import {
  canSuggestCommunities,
  COMMUNITY_SUGGEST_DELAY_MS,
  type ListingTypeValue,
} from '../lib/listing-filters';
import styles from './listing-filter-panel.module.css';

interface CommunityFilterProps {
  type: ListingTypeValue;
  /** The community of the URL, or undefined while no community is chosen. */
  value: string | undefined;
  /** A chosen name filters the list; '' removes the filter. */
  onChange: (name: string) => void;
}

/**
 * The 小区 box of /secondhandhouse (docs/product/listings.md): suggestions of community names
 * appear as you type (after a short pause, once the text holds a Chinese character); choosing
 * one filters the list by that community, clearing the box removes the filter. Works with touch
 * and with the keyboard (arrows and Enter pick a suggestion).
 */
export function CommunityFilter({ type, value, onChange }: CommunityFilterProps) {
  const [text, setText] = useState(value ?? '');
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value ?? '');
  }
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), COMMUNITY_SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useCommunitySuggestions(type, keyword);
  const options =
    canSuggestCommunities(keyword) && text.trim() !== value
      ? (suggestions.data ?? []).map((item) => ({
          value: item.name,
          label: (
            <span className={styles.suggestion}>
              <span>{item.name}</span>
              <span className={styles.suggestionCount}>{item.count}套</span>
            </span>
          ),
        }))
      : [];

  return (
    <div className={styles.community}>
      <span className={styles.communityTitle}>小区：</span>
      <AutoComplete
        className={styles.communityInput}
        value={text}
        options={options}
        onChange={(next: string) => {
          setText(next);
          if (!next.trim() && value) onChange('');
        }}
        onSelect={(name: string) => {
          setText(name);
          onChange(name);
        }}
        allowClear
        placeholder="输入小区名称，选择联想结果"
        maxLength={50}
        aria-label="小区名称"
        notFoundContent={
          canSuggestCommunities(keyword) && suggestions.isSuccess && text.trim() !== value
            ? '没有找到该小区的房源'
            : null
        }
      />
    </div>
  );
}
