/** OCR readiness for /api/health. Replaced by the extraction engine's own check once it lands. */
export async function ocrReady(): Promise<boolean> {
  return true;
}
