/** Links staff enter: site paths stay in the site, other addresses open as plain links. */
import type { ReactNode } from 'react';
import { SiteLink } from '../site-link.js';
import { ArrowRight } from '../icons.js';
import { str } from '../format.js';

export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) {
    return (
      <SiteLink to={href} className={className}>
        {children}
      </SiteLink>
    );
  }
  return (
    <a href={href} className={className} rel={href.startsWith('mailto:') ? undefined : 'noopener'}>
      {children}
    </a>
  );
}

/** The optional call to action of a slide or section. */
export function SlideLink({ data, className = 'button button-primary' }: { data: Record<string, unknown>; className?: string }) {
  const url = str(data.linkUrl);
  if (!url) return null;
  return (
    <SmartLink href={url} className={className}>
      {str(data.linkLabel) || 'Read more'}
      <ArrowRight />
    </SmartLink>
  );
}
