/** SPEC §4: a product's favourite count is incremented, decremented or set. */
export type FavouriteCountAction = { type: 'increment' } | { type: 'decrement' } | { type: 'set'; count: number };

/** (4, increment) -> 5; (0, decrement) -> 0: a count never goes below zero; (5, set 9) -> 9. */
export function favouriteCountReducer(count: number, action: FavouriteCountAction): number {
  switch (action.type) {
    case 'increment':
      return count + 1;
    case 'decrement':
      return Math.max(0, count - 1);
    case 'set':
      return action.count;
  }
}
