import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 36, item 2: Tesseract's own diagnostics ("Estimating resolution as 248") filled the server's console,
// one per scanned page. Reading a scan prints only the result, unless EXTRACT_DEBUG=1 asks for them.
const CLI = fileURLToPath(new URL('../bin/cuadra-extract.mjs', import.meta.url));
const SCAN = fileURLToPath(new URL('./fixtures/golden/classic-png.png', import.meta.url));

function readScan(env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // tesseract.js runs its engine in a worker thread whose console is the process's: a child process is
    // the only place its lines can be seen.
    const child = spawn(process.execPath, [CLI, SCAN], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`exit ${code}: ${stderr}`)),
    );
  });
}

describe('reading a scanned image', { timeout: 240_000 }, () => {
  it('prints none of the OCR engine’s diagnostics', async () => {
    const { stdout, stderr } = await readScan({ EXTRACT_DEBUG: '' });
    expect(JSON.parse(stdout).fields.invoice_number).toBe('A2024/0733');
    expect(stdout + stderr).not.toMatch(/Estimating resolution/);
  });
});
