import type { SiteSettings } from '@portal/shared/schemas/site';
import { useEffect } from 'react';

function setMeta(name: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** Applies the settings' title, keywords and description to the document (DECISIONS #22). */
export function useSiteMeta(settings: SiteSettings | undefined): void {
  useEffect(() => {
    if (!settings) return;
    if (settings.title) document.title = settings.title;
    setMeta('keywords', settings.keywords);
    setMeta('description', settings.description);
  }, [settings]);
}
