/**
 * Libraries only some requests need, loaded by the first of them instead of at start: together they cost
 * seconds of start-up (a process that never writes a workbook or reads a mail never pays for them), and
 * every test file starts the server afresh.
 */
let excel: Promise<typeof import('exceljs')> | undefined;

/** ExcelJS, for the workbooks written (reports, exports, clients) and read (bank statements). */
export async function loadExcel() {
  excel ??= import('exceljs');
  const module = await excel;
  // A CommonJS package: its namespace is under `default` when imported from ESM.
  return (module as unknown as { default?: typeof module }).default ?? module;
}
