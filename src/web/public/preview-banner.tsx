/**
 * The banner over every preview (`/preview/<token>`): what the page is
 * ("Preview — not published") and until when the link works. Rendered on the
 * server only, above the page, in the normal flow (it scrolls away and never
 * covers content), as a region named by its own words. Its style travels in
 * the preview's head, so the public stylesheet every visitor loads does not
 * grow.
 */
import { previewBannerText } from '../../shared/editorial.js';
import { formatDateTime, localMark } from './format.js';

export const previewBannerStyle = `
      .preview-banner { background: #fff4c2; color: #2b2100; border-bottom: 4px solid #8a5a00;
        background-image: repeating-linear-gradient(135deg, transparent 0 14px, rgb(138 90 0 / 10%) 14px 28px); }
      .preview-banner-inner { max-width: 1200px; margin: 0 auto; padding: 10px 16px; display: flex; flex-wrap: wrap;
        align-items: baseline; gap: 4px 12px; font-size: 0.95rem; line-height: 1.4; }
      .preview-banner-title { font-size: 1rem; }
      .preview-banner-title::before { content: ""; display: inline-block; width: 0.7em; height: 0.7em; margin-right: 0.45em;
        border-radius: 50%; background: #8a5a00; vertical-align: 0.02em; }
      .preview-banner p { margin: 0; }`;

export function PreviewBanner({ expiresAt }: { expiresAt: string }) {
  return (
    // Staff words, in English on a page in any language (and its time written in English in the browser too, local-times.ts).
    <section className="preview-banner" aria-labelledby="preview-banner-title" data-preview-banner="" lang="en">
      <div className="preview-banner-inner">
        <p className="preview-banner-title" id="preview-banner-title">
          <strong>{previewBannerText}</strong>
        </p>
        <p>
          {'This page shows changes visitors do not see yet. The link works until '}
          <time dateTime={expiresAt}>
            <span {...localMark('datetime')}>{formatDateTime(expiresAt, false)}</span>
          </time>
          .
        </p>
      </div>
    </section>
  );
}
