/**
 * The islands of the public pages: the only blocks that run as components in
 * the browser. The server renders each inside an element marked with
 * `data-island` and writes its props, and nothing else, in a JSON block right
 * after it; the browser entry (enhance.ts) loads the island's code only when
 * the page has one and hydrates it with those props. Everything else on a
 * public page is static HTML with a few lines of plain script.
 */
import type { CarouselProps } from './blocks/carousel.js';
import type { ContactFormProps } from './contact-form.js';
import type { PublicFormProps } from './blocks/form.js';

/** The props each island is rendered and hydrated with. */
export interface IslandProps {
  carousel: CarouselProps;
  contact: ContactFormProps;
  form: PublicFormProps;
}
export type IslandName = keyof IslandProps;

export const islandNames: readonly IslandName[] = ['carousel', 'contact', 'form'];

export { hydratedAttribute, islandAttribute, islandPropsAttribute } from '../../shared/island-markers.js';

export function isIslandName(name: string | undefined): name is IslandName {
  return (islandNames as readonly string[]).includes(name ?? '');
}
