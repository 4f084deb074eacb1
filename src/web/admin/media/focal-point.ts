/**
 * The focal point editor's arithmetic: where a click or a key puts the point,
 * and how it is read out. Coordinates are 0–1 from the left and from the top.
 */
import type { FocalPoint } from '../../../shared/media.js';

export const centre: FocalPoint = { x: 0.5, y: 0.5 };

/** One arrow key press moves the point this far; with Shift, the fine step. */
export const focalStep = 0.05;
export const focalFineStep = 0.01;

function clamp(v: number): number {
  // Rounded to 0.1 % so repeated steps do not drift (0.1 + 0.2 …).
  return Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
}

/** A click is no finer than a whole percent: the pointer's sub-pixel position is noise. */
function wholePercent(v: number): number {
  return clamp(Math.round(v * 100) / 100);
}

/** The point a click at (clientX, clientY) inside `rect` means. */
export function pointFromClick(rect: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): FocalPoint {
  if (rect.width <= 0 || rect.height <= 0) return centre;
  return { x: wholePercent((clientX - rect.left) / rect.width), y: wholePercent((clientY - rect.top) / rect.height) };
}

/** The point after a key press, or null when the key does not move it (Home/End jump to an edge, Enter is left to the page). */
export function pointAfterKey(point: FocalPoint, key: string, fine: boolean): FocalPoint | null {
  const step = fine ? focalFineStep : focalStep;
  switch (key) {
    case 'ArrowLeft':
      return { x: clamp(point.x - step), y: point.y };
    case 'ArrowRight':
      return { x: clamp(point.x + step), y: point.y };
    case 'ArrowUp':
      return { x: point.x, y: clamp(point.y - step) };
    case 'ArrowDown':
      return { x: point.x, y: clamp(point.y + step) };
    case 'Home':
      return { x: 0, y: point.y };
    case 'End':
      return { x: 1, y: point.y };
    case 'PageUp':
      return { x: point.x, y: 0 };
    case 'PageDown':
      return { x: point.x, y: 1 };
    default:
      return null;
  }
}

function percent(v: number): string {
  return `${Math.round(v * 100)}%`;
}

/** "Focal point 30% from the left, 40% from the top". */
export function focalPointInWords(point: FocalPoint): string {
  return `Focal point ${percent(point.x)} from the left, ${percent(point.y)} from the top`;
}

export function samePoint(a: FocalPoint | null, b: FocalPoint | null): boolean {
  const pa = a ?? centre;
  const pb = b ?? centre;
  return Math.abs(pa.x - pb.x) < 0.0005 && Math.abs(pa.y - pb.y) < 0.0005;
}
