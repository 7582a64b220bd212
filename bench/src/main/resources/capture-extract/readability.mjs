// Runs Mozilla Readability over every .html file in a folder and prints one JSON line per page:
// {"page": name, "text": main text}. Usage: node readability.mjs <folder holding node_modules> <pages folder>
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [, , modules, pages] = process.argv;
const require = createRequire(join(modules, 'package.json'));
const { JSDOM, VirtualConsole } = require('jsdom');
const { Readability } = require('@mozilla/readability');
const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TD', 'TH', 'TR', 'PRE', 'BLOCKQUOTE',
  'FIGCAPTION', 'BR', 'DT', 'DD', 'SECTION', 'ARTICLE', 'TABLE', 'UL', 'OL', 'FIGURE', 'HEADER', 'FOOTER']);

// The article's text with a line break after each block, so that words of adjacent blocks stay apart.
function text(node) {
  let out = '';
  for (const child of node.childNodes) {
    if (child.nodeType === 3) out += child.nodeValue;
    else if (child.nodeType === 1) {
      out += text(child);
      if (BLOCKS.has(child.tagName)) out += '\n';
    }
  }
  return out;
}

for (const file of readdirSync(pages).filter(f => f.endsWith('.html')).sort()) {
  const name = file.slice(0, -5);
  let result = '';
  try {
    const dom = new JSDOM(readFileSync(join(pages, file), 'utf8'),
      { url: 'https://example.test/' + name, virtualConsole: new VirtualConsole() });
    const article = new Readability(dom.window.document).parse();
    if (article && article.content) {
      result = text(new JSDOM(article.content).window.document.body);
    }
  } catch (e) {
    result = '';
  }
  process.stdout.write(JSON.stringify({ page: name, text: result }) + '\n');
}
