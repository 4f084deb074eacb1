/** How staff screens name a block. */
export { blockTitle } from '../../../shared/collections.js';
