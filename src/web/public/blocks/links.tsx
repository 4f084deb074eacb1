/** Links staff enter: site paths stay in the site, other addresses open as plain links. */
import type { ReactNode } from 'react';
import { SiteLink } from '../site-link.js';
import { ArrowRight } from '../icons.js';
import { str } from '../format.js';

export function SmartLink({ href, className, lang, children }: { href: string; className?: string | undefined; lang?: string | undefined; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) {
    return (
      <SiteLink to={href} className={className} lang={lang}>
        {children}
      </SiteLink>
    );
  }
  return (
    <a href={href} className={className} lang={lang} rel={href.startsWith('mailto:') ? undefined : 'noopener'}>
      {children}
    </a>
  );
}

/**
 * The optional call to action of a slide or section: its label, or the
 * site's own `readMore` words (marked with their `readMoreLang` when they are
 * not in the page's language). The words come as props: the carousel island
 * renders this in the browser too.
 */
export function SlideLink({
  data,
  readMore,
  readMoreLang,
  labelLang,
  className = 'button button-primary',
}: {
  data: Record<string, unknown>;
  readMore: string;
  readMoreLang?: string | undefined;
  /** The label's language when it was left untranslated (fieldLang). */
  labelLang?: string | undefined;
  className?: string;
}) {
  const url = str(data.linkUrl);
  if (!url) return null;
  const label = str(data.linkLabel);
  return (
    <SmartLink href={url} className={className} lang={label ? labelLang : readMoreLang}>
      {label || readMore}
      <ArrowRight />
    </SmartLink>
  );
}
