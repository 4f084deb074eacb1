/** The frame of a group of blocks on a public page: a section, its container and its heading. */
import type { ReactNode } from 'react';

export function BlockGroup({ name, heading, id, label, children }: { name: string; heading: string | null; id?: string; label?: string; children: ReactNode }) {
  return (
    <section className={`block ${name}-block`} id={id} aria-label={heading ? undefined : label}>
      <div className="container">
        {heading ? <h2 className="group-title">{heading}</h2> : null}
        {children}
      </div>
    </section>
  );
}
