// A commit subject says what changed in at most 72 characters; the why goes in the body. Checked for every
// commit since the last one that landed before this rule (older history keeps its long subjects).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib/web-build.mjs';

const SUBJECT_MAX_CHARS = 72;
/** The newest commit on main when the rule was written; everything after it is checked. */
const RULE_SINCE = '7acce40';

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

/** Subjects of the commits after RULE_SINCE, or of HEAD alone where that commit is not in this clone. */
function subjectsToCheck() {
  let range = 'HEAD~1..HEAD';
  try {
    git('cat-file', '-e', `${RULE_SINCE}^{commit}`);
    range = `${RULE_SINCE}..HEAD`;
  } catch {}
  return git('log', '--format=%h %s', range).split('\n').filter(Boolean);
}

describe('commit subjects', () => {
  it(`fit in ${SUBJECT_MAX_CHARS} characters`, () => {
    const long = subjectsToCheck().filter(
      (line) => [...line.slice(line.indexOf(' ') + 1)].length > SUBJECT_MAX_CHARS,
    );
    expect(long).toEqual([]);
  });
});
