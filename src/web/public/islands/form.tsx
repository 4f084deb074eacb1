/** A form editors built, in the browser: hydrates the server-rendered form, which then solves its check and sends without leaving the page. */
import { hydrateRoot } from 'react-dom/client';
import { PublicForm, type PublicFormProps } from '../blocks/form.js';

export function mount(element: HTMLElement, props: PublicFormProps): void {
  hydrateRoot(element, <PublicForm {...props} />);
}
