/** The organisation's logo from site settings (any shape), or the built-in mark. */
import type { MediaInfo } from '../../shared/media.js';
import { LogoMark } from './icons.js';

const HEIGHT = 44;

/** A wide logo already spells the name: the name is then only read out, not shown twice. */
export function logoIsWordmark(logo: MediaInfo | null): boolean {
  return !!logo && !!logo.width && !!logo.height && logo.width / logo.height > 1.6;
}

export function BrandLogo({ logo, lazy = false }: { logo: MediaInfo | null; lazy?: boolean }) {
  if (!logo) return <LogoMark />;
  const ratio = logo.width && logo.height ? logo.width / logo.height : 1;
  const variant = logo.variants.find((v) => v.width >= HEIGHT * ratio * 2) ?? logo.variants[logo.variants.length - 1];
  // The same width in AVIF, for the browsers that read it (a third to a half of the WebP's bytes).
  const avif = variant ? logo.avif.find((v) => v.width === variant.width) : undefined;
  const img = <img className="brand-logo" src={variant?.url ?? logo.url} alt="" width={Math.round(HEIGHT * ratio)} height={HEIGHT} loading={lazy ? 'lazy' : undefined} />;
  return (
    <span className="brand-plate">
      {avif ? (
        <picture>
          <source type={avif.contentType} srcSet={avif.url} />
          {img}
        </picture>
      ) : (
        img
      )}
    </span>
  );
}
