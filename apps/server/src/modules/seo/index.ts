/**
 * What other modules and the static-files plugin may use of the page addresses and the pages the
 * server renders (docs/decisions/0046-module-boundaries.md).
 */
export { appPageOf } from './app-pages';
export { injectHead, loadPageMeta, loadPageMetaFingerprint, renderHead } from './page-meta';
export {
  encodePage,
  injectRenderedPage,
  PageRenderer,
  pageStylesFileOf,
  rendererFileOf,
  SERVER_RENDERED_PAGES,
  viewportWidthFor,
} from './page-render';
export { headAddressOf, renderAddressOf } from './render-address';
