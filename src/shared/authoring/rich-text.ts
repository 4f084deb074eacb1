/**
 * Reads a rich text for the checks: its headings, links and text blocks in
 * document order. htmlparser2 streams the HTML without building a tree; only
 * the staff app and the server load this module, never the public pages.
 */
import { Parser } from 'htmlparser2';

export interface TextBlock {
  /** `p`, `li`, `blockquote`, `h2`… */
  tag: string;
  text: string;
}

export interface RichLink {
  href: string;
  /** The words a screen reader says: the link's text, else its aria-label or the alt of a picture in it. */
  text: string;
}

export interface RichTextOutline {
  headings: { level: number; text: string }[];
  links: RichLink[];
  blocks: TextBlock[];
}

const blockTags = new Set(['p', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'td', 'th', 'dd', 'dt', 'figcaption']);

function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

export function outlineOf(html: string): RichTextOutline {
  const outline: RichTextOutline = { headings: [], links: [], blocks: [] };
  const open: { tag: string; text: string }[] = [];
  let link: { href: string; text: string; label: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (blockTags.has(name)) open.push({ tag: name, text: '' });
        if (name === 'a') link = { href: attribs.href ?? '', text: '', label: attribs['aria-label'] ?? '' };
        if (name === 'img' && link) link.label ||= attribs.alt ?? '';
        if (name === 'br') {
          const top = open.at(-1);
          if (top) top.text += ' ';
        }
      },
      ontext(text) {
        const top = open.at(-1);
        if (top) top.text += text;
        if (link) link.text += text;
      },
      onclosetag(name) {
        if (name === 'a' && link) {
          outline.links.push({ href: link.href.trim(), text: squash(link.text) || squash(link.label) });
          link = null;
        }
        if (!blockTags.has(name)) return;
        const index = open.map((b) => b.tag).lastIndexOf(name);
        if (index < 0) return;
        const [block] = open.splice(index, 1);
        if (!block) return;
        const text = squash(block.text);
        const heading = /^h([1-6])$/.exec(name);
        if (heading) outline.headings.push({ level: Number(heading[1]), text });
        outline.blocks.push({ tag: name, text });
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return outline;
}
