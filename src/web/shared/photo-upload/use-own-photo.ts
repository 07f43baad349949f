import { useEffect, useState } from 'react';
import { sessionStore } from '../../api/session';

/**
 * A believer's own photo, which the server shows to its owner only: fetched with the token and
 * shown from an object URL, let go when the photo changes or the view leaves. Answers the URL to
 * show, `undefined` while it loads and `null` when it cannot be shown (gone, or not theirs).
 */
export function useOwnPhoto(url: string): string | null | undefined {
  const [shown, setShown] = useState<{ url: string; src: string | null }>();
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    const token = sessionStore.token();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const picture = await res.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(picture);
        setShown({ url, src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setShown({ url, src: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return url && shown?.url === url ? shown.src : undefined;
}
