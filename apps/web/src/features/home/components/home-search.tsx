import { EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  SearchButton,
  SearchInput,
  TypeSelect,
  useControlTokens,
} from '../../../components/search-controls/search-controls';
import { paths } from '../../../config/paths';
import { openInNewTabUnlessPhone } from '../../../lib/new-tab';
import styles from './home-search.module.css';

/** Search target of the home search box: 1 新房, 2 二手房 (docs/product/content.md). */
const SEARCH_TYPE = { NEW_HOUSE: 1, SECOND_HAND: 2 } as const;
type SearchType = (typeof SEARCH_TYPE)[keyof typeof SEARCH_TYPE];

const SEARCH_TYPE_OPTIONS: ReadonlyArray<{ value: SearchType; label: string }> = [
  { value: SEARCH_TYPE.NEW_HOUSE, label: '新房' },
  { value: SEARCH_TYPE.SECOND_HAND, label: '二手房' },
];

/**
 * Keyword search of the home page: new houses open their list in a new tab on a desktop (in place
 * on a phone, where Back must return), second-hand houses open theirs in place; 地图找房 opens
 * the map.
 */
export function HomeSearch() {
  const [type, setType] = useState<SearchType>(SEARCH_TYPE.NEW_HOUSE);
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();
  const tokens = useControlTokens();

  const handleSearch = () => {
    const text = keyword.trim();
    if (type === SEARCH_TYPE.NEW_HOUSE) {
      openInNewTabUnlessPhone(paths.newHouse.getHref({ keyword: text }), (href) => navigate(href));
    } else {
      navigate(paths.secondhandhouse.getHref({ keyword: text }));
    }
  };

  return (
    <div className={styles.search} role="search" style={tokens}>
      <TypeSelect
        className={styles.type}
        value={type}
        onChange={setType}
        options={SEARCH_TYPE_OPTIONS}
        aria-label="搜索类型"
      />
      <SearchInput
        className={styles.input}
        value={keyword}
        onChange={setKeyword}
        onPressEnter={handleSearch}
        placeholder={
          type === SEARCH_TYPE.NEW_HOUSE ? '请输入楼盘名称或地址' : '请输入小区名称或地址'
        }
        aria-label="搜索关键词"
        maxLength={50}
      />
      <SearchButton
        variant="primary"
        className={styles.submit}
        icon={<SearchOutlined />}
        onClick={handleSearch}
      >
        搜索
      </SearchButton>
      <SearchButton
        variant="default"
        className={styles.map}
        icon={<EnvironmentOutlined />}
        onClick={() => navigate(paths.map.getHref())}
      >
        地图找房
      </SearchButton>
    </div>
  );
}
