/**
 * SVG uploads, made harmless before librsvg ever reads them, then drawn as a
 * PNG (the SVG itself is never stored nor served). The text is parsed as XML
 * (htmlparser2 in XML mode: it expands no entity and fetches nothing) and
 * written out again keeping only what draws: no prolog (XML declaration,
 * DOCTYPE with its entity declarations, processing instructions, comments),
 * no script, foreignObject or animation, no event handler, no reference
 * outside the document except data: images, and entity references other than
 * XML's own five and numeric ones become nothing.
 */
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { AppError } from '../../shared/errors.js';
import { maxInputPixels } from './images.js';
import { svgRootOffset } from './sniff.js';

function unreadable(reason: string): AppError {
  return new AppError('invalid-argument', `The SVG could not be read: ${reason}. Export it again from the drawing program, or upload a PNG.`, { field: 'file' });
}

/** Elements dropped with everything inside them. */
const droppedElements = new Set(['script', 'foreignobject', 'animate', 'animatemotion', 'animatetransform', 'set', 'discard', 'handler', 'listener', 'iframe', 'embed', 'object', 'audio', 'video']);

const safeDataImage = /^data:image\/(png|jpeg|webp|gif)[;,]/i;

/** A reference allowed to stay: within this document, or an inline raster image. */
function safeReference(value: string): boolean {
  const v = value.trim();
  return v.startsWith('#') || safeDataImage.test(v);
}

/** url(…) in CSS or a presentation attribute: kept when it points within the document, else `none`. */
function cleanCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)(.*?)\1\s*\)/gi, (whole: string, _q: string, target: string) => (safeReference(target) ? whole : 'none'));
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The text as librsvg would read it: numeric references and XML's five
 * entities decoded (so `&#117;rl(` is checked as the `url(` it is), any other
 * entity reference (declared in a DOCTYPE or not) dropped.
 */
function decodeXml(raw: string): string {
  return raw.replace(/&(#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_][\w.-]*);/g, (_whole: string, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return namedEntities[name] ?? '';
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** An element's or attribute's name without its namespace prefix (`s:script` is a script). */
const localName = (name: string) => name.toLowerCase().replace(/^.*:/, '');

/** Checks a decoded value; CSS escapes (`u\72l(`) could hide a reference, so a value with a backslash is not kept. */
function keepAttribute(name: string, value: string): string | null {
  const local = localName(name);
  if (local.startsWith('on') || local === 'base') return null;
  if (local === 'href' || local === 'src') return safeReference(value) ? value : null;
  if (value.includes('\\')) return null;
  if (/url\(|@import/i.test(value)) return cleanCss(value);
  return value;
}

/** Style sheet text, decoded; with a CSS escape anywhere it is dropped whole. */
function keepStyleText(text: string): string {
  return text.includes('\\') ? '' : cleanCss(text);
}

/** The SVG rewritten with only what draws; refused when it is not well-formed. */
export function sanitiseSvg(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (text.includes('\uFFFD')) throw unreadable('it is not UTF-8 text');
  const root = svgRootOffset(text);
  if (root === null) throw unreadable('it does not start with an <svg> element');

  const source = text.slice(root);
  const out: string[] = [];
  const open: string[] = [];
  let skipping = 0;
  let closedRoot = false;
  let problem: string | null = null;
  let inStyle = 0;
  const fail = (reason: string) => {
    problem ??= reason;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (closedRoot) fail(`there is a second top-level element <${name}>`);
        open.push(name);
        if (skipping > 0 || droppedElements.has(localName(name))) {
          skipping += 1;
          return;
        }
        if (localName(name) === 'style') inStyle += 1;
        const attrs = Object.entries(attribs).flatMap(([k, v]) => {
          const kept = keepAttribute(k, decodeXml(v));
          return kept === null ? [] : [` ${k}="${escapeAttribute(kept)}"`];
        });
        out.push(`<${name}${attrs.join('')}>`);
      },
      onclosetag(name, isImplied) {
        // A self-closing tag `<rect/>` closes implicitly too: its source ends with "/>".
        const selfClosing = source.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
        if (isImplied && !selfClosing) fail(`the element <${name}> is not closed`);
        open.pop();
        if (open.length === 0) closedRoot = true;
        if (skipping > 0) {
          skipping -= 1;
          return;
        }
        if (localName(name) === 'style') inStyle -= 1;
        out.push(`</${name}>`);
      },
      ontext(data) {
        if (open.length === 0) {
          if (data.trim()) fail('there is text outside the <svg> element');
          return;
        }
        if (skipping > 0) return;
        const decoded = decodeXml(data);
        out.push(escapeText(inStyle > 0 ? keepStyleText(decoded) : decoded));
      },
      onprocessinginstruction(name) {
        if (name.toLowerCase().startsWith('!doctype')) fail('a DOCTYPE may only come before the <svg> element');
      },
    },
    { xmlMode: true, decodeEntities: false, recognizeSelfClosing: true },
  );
  parser.write(source);
  parser.end();
  if (problem) throw unreadable(problem);
  if (!closedRoot) throw unreadable('the <svg> element is not closed');
  return out.join('');
}

/** The size an SVG is drawn at: its own (72 dpi), twice that when small, at least 480 px wide, within the pixel limit. */
const minimumWidth = 480;
const maximumSide = 4000;

/** Draws a sanitised SVG as a PNG. */
export async function rasteriseSvg(bytes: Buffer): Promise<Buffer> {
  const svg = Buffer.from(sanitiseSvg(bytes), 'utf8');
  let width: number;
  let height: number;
  try {
    const meta = await sharp(svg, { density: 72, limitInputPixels: maxInputPixels }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    width = meta.width;
    height = meta.height;
  } catch {
    throw unreadable('it has no size that can be drawn (give the <svg> element a width and height or a viewBox)');
  }
  let scale = Math.max(width < 1000 ? 2 : 1, minimumWidth / width);
  scale = Math.min(scale, maximumSide / Math.max(width, height), Math.sqrt(maxInputPixels / (width * height)));
  try {
    return await sharp(svg, { density: Math.max(1, 72 * scale), limitInputPixels: maxInputPixels }).png().toBuffer();
  } catch {
    throw unreadable('it could not be drawn');
  }
}
