/**
 * The header's menus as a disclosure navigation, in plain script: the server
 * renders every button (`aria-expanded`, `aria-controls`) and list; this
 * makes them open and close.
 *
 * - A menu button opens its list by click, touch, Enter or Space; ArrowDown
 *   and ArrowUp open it on the first or last entry; inside, the arrow keys,
 *   Home and End move between entries; Escape closes it and gives focus back
 *   to its button; tabbing out, following an entry or a click or touch
 *   outside the header closes it. One menu is open at a time.
 * - Below 1024 px the Menu button shows the whole navigation (the header's
 *   `data-nav-open`); Escape closes it and gives focus back to the button.
 *
 * Without JavaScript a <noscript> style shows the navigation as it is and
 * opens a menu while focus is inside it. The header is marked `data-enhanced`
 * once this has run.
 */
export const enhancedAttribute = 'data-enhanced';

interface Menu {
  item: HTMLElement;
  button: HTMLButtonElement;
  list: HTMLElement;
}

function links(menu: Menu): HTMLAnchorElement[] {
  return Array.from(menu.list.querySelectorAll<HTMLAnchorElement>('a[href]'));
}

export function enhanceHeader(header: HTMLElement): void {
  if (header.hasAttribute(enhancedAttribute)) return;
  const menus: Menu[] = [];
  for (const item of header.querySelectorAll<HTMLElement>('.has-menu')) {
    const button = item.querySelector<HTMLButtonElement>('button[aria-controls]');
    const list = button ? header.ownerDocument.getElementById(button.getAttribute('aria-controls') ?? '') : null;
    if (button && list) menus.push({ item, button, list });
  }
  const toggle = header.querySelector<HTMLButtonElement>('.nav-toggle');

  const isOpen = (menu: Menu) => menu.button.getAttribute('aria-expanded') === 'true';
  const setOpen = (menu: Menu, open: boolean) => {
    menu.button.setAttribute('aria-expanded', String(open));
    menu.item.toggleAttribute('data-open', open);
  };
  const openOnly = (menu: Menu) => {
    for (const m of menus) setOpen(m, m === menu);
  };
  const navOpen = () => header.hasAttribute('data-nav-open');
  const setNavOpen = (open: boolean) => {
    header.toggleAttribute('data-nav-open', open);
    toggle?.setAttribute('aria-expanded', String(open));
  };
  const closeAll = () => {
    for (const m of menus) setOpen(m, false);
    setNavOpen(false);
  };

  for (const menu of menus) {
    const focusEntry = (which: 'first' | 'last') => {
      openOnly(menu);
      const all = links(menu);
      (which === 'first' ? all[0] : all[all.length - 1])?.focus();
    };
    menu.button.addEventListener('click', () => (isOpen(menu) ? setOpen(menu, false) : openOnly(menu)));
    menu.button.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        focusEntry(e.key === 'ArrowDown' ? 'first' : 'last');
      } else if (e.key === 'Escape' && isOpen(menu)) {
        e.preventDefault();
        // Handled: the navigation stays open around the closed menu.
        e.stopPropagation();
        setOpen(menu, false);
      }
    });
    menu.list.addEventListener('keydown', (e) => {
      const all = links(menu);
      const index = all.indexOf(e.target as HTMLAnchorElement);
      let next: HTMLAnchorElement | undefined;
      if (e.key === 'ArrowDown') next = all[(index + 1) % all.length];
      else if (e.key === 'ArrowUp') next = all[(index - 1 + all.length) % all.length];
      else if (e.key === 'Home') next = all[0];
      else if (e.key === 'End') next = all[all.length - 1];
      else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setOpen(menu, false);
        menu.button.focus();
        return;
      } else return;
      e.preventDefault();
      next?.focus();
    });
    menu.list.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a[href]')) closeAll();
    });
    // Tabbing out of the menu closes it.
    menu.item.addEventListener('focusout', (e) => {
      if (isOpen(menu) && !menu.item.contains(e.relatedTarget as Node | null)) setOpen(menu, false);
    });
  }

  toggle?.addEventListener('click', () => setNavOpen(!navOpen()));
  const doc = header.ownerDocument;
  // A click or touch outside the header closes what is open.
  doc.addEventListener('pointerdown', (e) => {
    if (!header.contains(e.target as Node)) closeAll();
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && navOpen() && !menus.some(isOpen)) {
      setNavOpen(false);
      toggle?.focus();
    }
  });
  header.setAttribute(enhancedAttribute, '');
}
