import { escapeHtml } from '../../lib/seo/meta';

/**
 * Our articles are written in a small Markdown subset, turned into HTML here: `## ` and `### ` headings,
 * paragraphs, `- ` and `1. ` lists, `> ` notes, `**bold**`, `*italic*` and `[text](/path)` links.
 * The input is our own text, and it is escaped first anyway.
 */
export function markdownToHtml(source: string): string {
  const blocks = source.trim().split(/\n\s*\n/);
  return blocks.map(renderBlock).join('\n');
}

function renderBlock(block: string): string {
  const lines = block.trim().split('\n');
  const first = lines[0] ?? '';
  if (first.startsWith('### ')) return `<h3>${inline(first.slice(4))}</h3>`;
  if (first.startsWith('## ')) return `<h2 id="${slugify(first.slice(3))}">${inline(first.slice(3))}</h2>`;
  if (lines.every((line) => line.startsWith('- '))) {
    return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
  }
  if (lines.every((line) => /^\d+\. /.test(line))) {
    return `<ol>${lines.map((line) => `<li>${inline(line.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>`;
  }
  if (lines.every((line) => line.startsWith('> '))) {
    return `<aside>${inline(lines.map((line) => line.slice(2)).join(' '))}</aside>`;
  }
  return `<p>${inline(lines.join(' '))}</p>`;
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(.+?)\*/g, '<em>$1</em>')
    .replace(/\[(.+?)\]\((\/[^)\s]*)\)/g, '<a href="$2">$1</a>');
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Words a reader reads (Markdown marks are not words). */
export function countWords(source: string): number {
  return source
    .replace(/[#>*[\]()]/g, ' ')
    .replace(/\(\/[^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes at 200 words a minute, as the index and the page show. */
export function readTimeMinutes(words: number): number {
  return Math.max(1, Math.round(words / 200));
}

/** The step headings of a how-to ("## Step 1: …" / "## Paso 1: …"), for HowTo structured data. */
export function howToSteps(source: string): string[] {
  return [...source.matchAll(/^## (?:Step|Paso) \d+[:.] (.+)$/gm)].map((match) => (match[1] ?? '').trim());
}
