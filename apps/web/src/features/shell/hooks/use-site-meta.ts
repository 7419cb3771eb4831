import type { SiteSettings } from '@portal/shared/schemas/site';
import { useEffect } from 'react';

/**
 * Fills the document's keywords and description from the settings when the page shell came
 * without them (the development server's shell). The server writes each page's own description
 * into the shell (docs/product/page-meta.md); it is never replaced by the site-wide one.
 */
function fillMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  if (!element.content) element.content = content;
}

/** Applies the settings' keywords and description where the page has none. */
export function useSiteMeta(settings: SiteSettings | undefined): void {
  useEffect(() => {
    if (!settings) return;
    fillMeta('keywords', settings.keywords);
    fillMeta('description', settings.description);
  }, [settings]);
}
