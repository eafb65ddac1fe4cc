/**
 * React hooks over the page socket's live topics (docs/live.md): a screen reads its data once, then
 * follows the topic's pushed figures instead of polling.
 */
import { useEffect, useRef } from 'react';
import type { LiveTopic, LiveUpdate } from '@civic/contracts';
// By the package's name, not a relative path: module federation shares the page socket by that name.
import { watchTopic } from '@civic/frontend-kit/page-socket';

export type { LiveTopic, LiveUpdate } from '@civic/contracts';

/**
 * Follows `topic` while the component is mounted (`null`: follows nothing, e.g. while the id is not
 * known yet). `onUpdate` gets each pushed update of the topic; `onResync` is called after a
 * reconnection, when an update may have been missed: read the data again then. `onWatching` is called
 * once the server follows the topic, for a screen that watches some time after its read.
 * The latest callbacks are kept in refs, so a re-render with new closures does not watch again;
 * only a change of topic does.
 */
export function useLiveTopic<D>(
  topic: LiveTopic | null,
  onUpdate: (update: LiveUpdate<D>) => void,
  onResync?: () => void,
  onWatching?: () => void,
): void {
  const onUpdateRef = useRef(onUpdate);
  const onResyncRef = useRef(onResync);
  const onWatchingRef = useRef(onWatching);
  useEffect(() => {
    onUpdateRef.current = onUpdate;
    onResyncRef.current = onResync;
    onWatchingRef.current = onWatching;
  });
  useEffect(() => {
    if (!topic) return undefined;
    return watchTopic(topic, {
      onUpdate: (update) => onUpdateRef.current(update as LiveUpdate<D>),
      onResync: () => onResyncRef.current?.(),
      onWatching: () => onWatchingRef.current?.(),
    });
  }, [topic]);
}
