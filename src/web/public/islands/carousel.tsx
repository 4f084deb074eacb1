/** The carousel island in the browser: hydrates the server-rendered carousel with its props. */
import { hydrateRoot } from 'react-dom/client';
import { Carousel, type CarouselProps } from '../blocks/carousel.js';

export function mount(element: HTMLElement, props: CarouselProps): void {
  hydrateRoot(element, <Carousel {...props} />);
}
