/** The contact form island in the browser: hydrates the server-rendered form, which then sends without leaving the page. */
import { hydrateRoot } from 'react-dom/client';
import { ContactForm, type ContactFormProps } from '../contact-form.js';

export function mount(element: HTMLElement, props: ContactFormProps): void {
  hydrateRoot(element, <ContactForm {...props} />);
}
