import { type RefObject, useEffect } from 'react';

/** What the coordinator needs of a player: a `<video>` or `<audio>` element, or a test's fake. */
export type Playable = Pick<
  HTMLMediaElement,
  'paused' | 'pause' | 'addEventListener' | 'removeEventListener'
>;

export interface PlaybackCoordinator {
  /** Follows a player until the answered function is called (when the player leaves the page). */
  register(player: Playable): () => void;
}

/**
 * Only one video plays at a time (002 section 2): when a followed player starts (its `play`
 * event, from the controls, a key or `play()`), every other followed player that is playing
 * is paused.
 */
export const createPlaybackCoordinator = (): PlaybackCoordinator => {
  const players = new Set<Playable>();
  return {
    register(player) {
      const onPlay = () => {
        for (const other of players) {
          if (other !== player && !other.paused) other.pause();
        }
      };
      players.add(player);
      player.addEventListener('play', onPlay);
      return () => {
        players.delete(player);
        player.removeEventListener('play', onPlay);
      };
    },
  };
};

/** The site's one coordinator: the players of a page (and of the next page) all follow it. */
export const playbackCoordinator = createPlaybackCoordinator();

/** Makes the player in `ref` play alone while it is mounted. */
export const usePlaysAlone = (ref: RefObject<Playable | null>, coordinator = playbackCoordinator) => {
  useEffect(() => {
    const player = ref.current;
    return player ? coordinator.register(player) : undefined;
  }, [ref, coordinator]);
};
