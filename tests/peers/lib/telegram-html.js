'use strict';
// Telegram's parse_mode HTML, as the Bot API parses it: the supported tags
// only, the named entities &lt; &gt; &amp; &quot; and numeric ones. Returns
// {text, entities} (offsets and lengths in UTF-16 code units, like the Bot
// API) or throws an Error whose message is the Bot API's description after
// "Bad Request: can't parse entities: ".
//
// One deliberate difference: a bare "&" that starts no entity is an error
// here ("Character entity expected"), while Telegram keeps it as text. The
// daemon must escape "&" (decisions.md, Channels), and an unescaped one
// would turn "&lt;" in a payload into "<" on the real service, so the
// emulator refuses it where Telegram would show the wrong text.

const TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 's', 'strike', 'del', 'u', 'ins', 'tg-spoiler',
  'tg-emoji', 'span', 'pre', 'code', 'blockquote']);

const byteOffset = (s, i) => Buffer.byteLength(s.slice(0, i), 'utf8');
const isSpace = (c) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

// decodeEntity(s, i): s[i] is "&"; returns [decoded, next index] or null
function decodeEntity(s, i) {
  let m = /^&#(?:x([0-9a-fA-F]{1,8})|([0-9]{1,10}));/.exec(s.slice(i, i + 14));
  if (m) {
    const cp = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2], 10);
    if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    return [String.fromCodePoint(cp), i + m[0].length];
  }
  m = /^&(lt|gt|amp|quot);/.exec(s.slice(i, i + 6));
  if (m) return [{ lt: '<', gt: '>', amp: '&', quot: '"' }[m[1]], i + m[0].length];
  return null;
}

function fail(msg) {
  throw new Error(msg);
}

function parseHtml(input) {
  const s = input;
  let out = '';
  const entities = [];
  const stack = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '&') {
      const d = decodeEntity(s, i);
      if (!d) fail(`Character entity expected at byte offset ${byteOffset(s, i)}`);
      out += d[0];
      i = d[1];
      continue;
    }
    if (c !== '<') {
      out += c;
      i++;
      continue;
    }
    const tagStart = i;
    i++;
    if (s[i] !== '/') {
      let j = i;
      while (j < s.length && !isSpace(s[j]) && s[j] !== '>') j++;
      if (j >= s.length) fail(`Unclosed start tag at byte offset ${byteOffset(s, tagStart)}`);
      const name = s.slice(i, j).toLowerCase();
      if (!TAGS.has(name)) fail(`Unsupported start tag "${name}" at byte offset ${byteOffset(s, tagStart)}`);
      i = j;
      const attrs = {};
      for (;;) {
        while (i < s.length && isSpace(s[i])) i++;
        if (i >= s.length) fail(`Unclosed start tag "${name}" at byte offset ${byteOffset(s, tagStart)}`);
        if (s[i] === '>') break;
        const a = i;
        while (i < s.length && !isSpace(s[i]) && !'=>/"\''.includes(s[i])) i++;
        const attr = s.slice(a, i).toLowerCase();
        if (!attr) fail(`Empty attribute name in the tag "${name}" at byte offset ${byteOffset(s, tagStart)}`);
        while (i < s.length && isSpace(s[i])) i++;
        if (s[i] !== '=') {
          attrs[attr] = '';
          continue;
        }
        i++;
        while (i < s.length && isSpace(s[i])) i++;
        if (i >= s.length) fail(`Unclosed start tag "${name}" at byte offset ${byteOffset(s, tagStart)}`);
        let value = '';
        if (s[i] === '"' || s[i] === '\'') {
          const q = s[i++];
          while (i < s.length && s[i] !== q) {
            if (s[i] === '&') {
              const d = decodeEntity(s, i);
              if (d) {
                value += d[0];
                i = d[1];
                continue;
              }
            }
            value += s[i++];
          }
          if (i >= s.length) fail(`Unclosed start tag at byte offset ${byteOffset(s, tagStart)}`);
          i++;
        } else {
          const b = i;
          while (i < s.length && /[A-Za-z0-9.-]/.test(s[i])) i++;
          value = s.slice(b, i).toLowerCase();
          if (i < s.length && !isSpace(s[i]) && s[i] !== '>') fail(`Unexpected end of name token at byte offset ${byteOffset(s, b)}`);
        }
        attrs[attr] = value;
      }
      i++; // '>'
      if (name === 'span' && attrs.class !== 'tg-spoiler') fail(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(s, tagStart)}`);
      stack.push({ name, attrs, offset: out.length });
    } else {
      if (stack.length === 0) fail(`Unexpected end tag at byte offset ${byteOffset(s, tagStart)}`);
      let j = i + 1;
      while (j < s.length && !isSpace(s[j]) && s[j] !== '>') j++;
      const endName = s.slice(i + 1, j).toLowerCase();
      while (j < s.length && isSpace(s[j])) j++;
      if (s[j] !== '>') fail(`Unclosed end tag at byte offset ${byteOffset(s, tagStart)}`);
      const top = stack[stack.length - 1];
      if (endName && endName !== top.name) {
        fail(`Unmatched end tag at byte offset ${byteOffset(s, tagStart)}, expected "</${top.name}>", found "</${endName}>"`);
      }
      stack.pop();
      i = j + 1;
      const length = out.length - top.offset;
      const last = entities[entities.length - 1];
      if (length > 0 && top.name === 'pre' && last && last.type === 'code' && last.offset === top.offset && last.length === length) {
        // <pre><code class="language-x">: one pre entity with its language
        entities[entities.length - 1] = Object.assign({ offset: top.offset, length, type: 'pre' }, last.language ? { language: last.language } : {});
      } else if (length > 0) {
        entities.push(entityOf(top, length));
      }
    }
  }
  if (stack.length) fail(`Can't find end tag corresponding to start tag "${stack[stack.length - 1].name}"`);
  // the Bot API trims the text; entities keep their place in what remains
  const lead = out.length - out.replace(/^\s+/, '').length;
  const text = out.trim();
  const kept = [];
  for (const e of entities) {
    let start = Math.max(e.offset - lead, 0);
    let end = Math.min(e.offset + e.length - lead, text.length);
    if (end > start) kept.push(Object.assign({}, e, { offset: start, length: end - start }));
  }
  kept.sort((a, b) => a.offset - b.offset || b.length - a.length);
  for (const e of kept) if (e.type === 'code') delete e.language; // only pre keeps a language
  return { text, entities: kept };
}

function entityOf(tag, length) {
  const offset = tag.offset;
  switch (tag.name) {
    case 'b': case 'strong': return { offset, length, type: 'bold' };
    case 'i': case 'em': return { offset, length, type: 'italic' };
    case 'u': case 'ins': return { offset, length, type: 'underline' };
    case 's': case 'strike': case 'del': return { offset, length, type: 'strikethrough' };
    case 'tg-spoiler': case 'span': return { offset, length, type: 'spoiler' };
    case 'code': {
      const cls = tag.attrs.class || '';
      return Object.assign({ offset, length, type: 'code' }, cls.startsWith('language-') ? { language: cls.slice(9) } : {});
    }
    case 'pre': return Object.assign({ offset, length, type: 'pre' });
    case 'blockquote': return { offset, length, type: 'expandable' in tag.attrs ? 'expandable_blockquote' : 'blockquote' };
    case 'tg-emoji': return { offset, length, type: 'custom_emoji', custom_emoji_id: tag.attrs['emoji-id'] || '' };
    case 'a': return { offset, length, type: 'text_link', url: tag.attrs.href || '' };
    default: return { offset, length, type: tag.name };
  }
}

module.exports = { parseHtml };
