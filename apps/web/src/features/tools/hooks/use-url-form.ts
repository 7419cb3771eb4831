import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A calculator form's values: every field is text, as in the URL. */
export type FormValues = Record<string, string>;

/**
 * Keeps a calculator form's state in the URL query next to `tab`, so a link such as
 * `/tool?tab=1&unitPrice=9800&area=89.5` opens the form filled. Only values that differ from the
 * defaults are written; writes replace the history entry and leave the scroll where it is.
 */
export function useUrlForm<T extends FormValues>(defaults: T) {
  const [searchParams, setSearchParams] = useSearchParams();

  // Read once per mount: later changes come from the form itself.
  const [initialValues] = useState(() => {
    const values: FormValues = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const fromUrl = searchParams.get(key);
      if (fromUrl !== null) values[key] = fromUrl;
    }
    return values as T;
  });
  const [hasUrlValues] = useState(() => Object.keys(defaults).some((key) => searchParams.has(key)));

  const writeValues = useCallback(
    (values: Partial<T>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of Object.keys(defaults)) {
            const value = values[key] ?? '';
            if (value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        // The reader stays where they are: the form and its result are on screen.
        { replace: true, preventScrollReset: true },
      );
    },
    [defaults, setSearchParams],
  );

  return { initialValues, hasUrlValues, writeValues };
}
