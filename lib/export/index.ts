export { csvField, toCsv, type CsvValue } from './csv';
export { auditCsv, auditJson, exportFileName, pushesCsv, pushesJson, type PushAudit } from './build';
export { csvWarningLine, liveLinksWarning } from './warning';
