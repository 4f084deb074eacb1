/**
 * What counts as a swipe, in the staff drawer and the public carousel alike
 * (at 75 px or a quarter of its width): a gesture that travels that
 * far sideways, more sideways than up or down. Its speed does not matter: a
 * slow swipe on a slow phone is still a swipe.
 */

/** How far a swipe across something `width` pixels wide must travel. */
export function swipeDistance(width: number): number {
  return Math.min(75, width / 4);
}

/** -1 for a swipe to the left, 1 to the right, 0 for no swipe (too short, or more up or down than sideways). */
export function swipeDirection(dx: number, dy: number, width: number): -1 | 0 | 1 {
  if (Math.abs(dx) < swipeDistance(width) || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? -1 : 1;
}
