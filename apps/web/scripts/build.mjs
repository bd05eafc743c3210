// `npm run build`: the production build of the web app in three steps, each announced with its time, so
// whoever waits (the first `npm start`, CI) sees what is happening. Vite's own report of every chunk is
// left out unless BUILD_VERBOSE=1.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const VITE = ['--logLevel', process.env.BUILD_VERBOSE === '1' ? 'info' : 'warn'];
const STEPS = [
  { label: 'bundling the app', args: ['vite', 'build', ...VITE] },
  {
    label: 'bundling the page renderer',
    args: [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      'node_modules/.cuadra-ssr',
      '--emptyOutDir',
      ...VITE,
    ],
  },
  { label: 'prerendering the public pages', node: 'scripts/prerender.mjs' },
];

const env = { ...process.env, NODE_ENV: 'production' };
const started = performance.now();
for (const [index, step] of STEPS.entries()) {
  const stepStarted = performance.now();
  console.log(`  [${index + 1}/${STEPS.length}] ${step.label}…`);
  const result = step.node
    ? spawnSync(process.execPath, [step.node], { cwd: WEB, stdio: 'inherit', env })
    : spawnSync('npx', step.args, { cwd: WEB, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`  [${index + 1}/${STEPS.length}] ${step.label} failed.`);
    process.exit(result.status ?? 1);
  }
  console.log(`  [${index + 1}/${STEPS.length}] done in ${seconds(performance.now() - stepStarted)}`);
}
console.log(`  Web app built in ${seconds(performance.now() - started)}.`);

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
