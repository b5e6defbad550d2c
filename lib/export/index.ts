export { csvField, toCsv, type CsvValue } from './csv';
export { auditCsv, auditJson, exportFileName, pushesCsv, pushesJson, type PushAudit } from './build';
export { CSV_WARNING_LINE, LIVE_LINKS_WARNING } from './warning';
