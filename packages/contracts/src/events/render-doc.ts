import type { EventDeclaration, ServiceEvents, StreamDeclaration } from './event-schema.ts';

/**
 * Renders docs/events.md, the event catalog for analysts, from the declared events. Pure: the
 * script `scripts/events-doc.ts` writes it, and a test fails when the committed file differs.
 */

type Schema = Record<string, unknown> & {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  patternProperties?: Record<string, Schema>;
  pattern?: string;
  minimum?: number;
  additionalProperties?: boolean | Schema;
};

interface FieldRow {
  readonly path: string;
  readonly type: string;
  /** yes, no, or which form of a union holds it (`form 1 of 2, required`) */
  readonly required: string;
  readonly meaning: string;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const isObject = (s: Schema) =>
  s.type === 'object' && (s.properties !== undefined || s.patternProperties === undefined);

const typeOf = (s: Schema): string => {
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) {
    if (s.anyOf.every(isObject)) return `object (${s.anyOf.length} forms)`;
    return s.anyOf.map(typeOf).join(' | ');
  }
  switch (s.type) {
    case 'array':
      return `${s.items ? typeOf(s.items) : 'any'}[]`;
    case 'object': {
      const values = s.patternProperties ? Object.values(s.patternProperties)[0] : undefined;
      if (values) return `map of string → ${typeOf(values)}`;
      return 'object';
    }
    case 'string':
      return s.pattern ? `string \`${s.pattern}\`` : 'string';
    case 'integer':
    case 'number':
      return s.minimum !== undefined ? `${s.type} ≥ ${s.minimum}` : s.type;
    case undefined:
      return 'any JSON';
    default:
      return s.type;
  }
};

/** Every field at every depth: `pages[].url`, `totals.vat_cents`, `proposals.<key>.value`. */
const fieldRows = (schema: Schema, prefix = ''): FieldRow[] => {
  const rows: FieldRow[] = [];
  const seen = new Set<string>();
  const add = (row: FieldRow) => {
    if (seen.has(row.path)) return;
    seen.add(row.path);
    rows.push(row);
  };
  const children = (s: Schema, path: string) => {
    if (s.anyOf?.some(isObject) || isObject(s)) for (const row of fieldRows(s, `${path}.`)) add(row);
    if (s.type === 'array' && s.items) children(s.items, `${path}[]`);
    const values = s.patternProperties ? Object.values(s.patternProperties)[0] : undefined;
    if (values) children(values, `${path}.<key>`);
  };
  const forms = schema.anyOf?.filter(isObject) ?? [schema];
  const inForms = (name: string) => forms.flatMap((form, i) => (form.properties?.[name] ? [i + 1] : []));
  for (const form of forms)
    for (const [name, property] of Object.entries(form.properties ?? {})) {
      const path = `${prefix}${name}`;
      const where = inForms(name);
      const required = (form.required ?? []).includes(name) ? 'yes' : 'no';
      add({
        path,
        type: typeOf(property),
        required: where.length === forms.length ? required : `${required}, form ${where.join(', ')} of ${forms.length}`,
        meaning: property.description ?? '',
      });
      children(property, path);
    }
  return rows;
};

const fieldsTable = (schema: Schema): string[] => {
  const rows = fieldRows(schema);
  if (rows.length === 0) return ['No fields.'];
  return [
    '| field | type | required | meaning |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| \`${r.path}\` | ${cell(r.type)} | ${r.required} | ${cell(r.meaning)} |`),
  ];
};

const anchor = (service: string, type: string) => `${service}-${type}`.toLowerCase();

const renderEvent = (service: ServiceEvents, declared: EventDeclaration, streams: Map<string, StreamDeclaration>) => {
  const lines = [
    `<a id="${anchor(service.service, declared.type)}"></a>`,
    `### ${declared.type} (v${declared.version})`,
    '',
    declared.description,
    '',
    `Stream: \`${streams.get(declared.stream)?.pattern ?? declared.stream}\``,
    '',
    ...fieldsTable(declared.data as Schema),
  ];
  if (declared.upcasters.length > 0) {
    lines.push('', 'Older versions, lifted on read:');
    for (const step of declared.upcasters) {
      lines.push('', `- **v${step.from} → v${step.from + 1}**: ${step.description}`, '', `  v${step.from} fields:`, '');
      lines.push(...fieldsTable(step.data as Schema).map((line) => `  ${line}`));
    }
  }
  return lines;
};

const PREAMBLE = `# Event catalog

Generated from the event schemas in \`packages/contracts/src/events/\` by \`npm run events:doc\`
(\`node scripts/events-doc.ts\`); do not edit by hand. A test fails when this file and the schemas
disagree.

Every service keeps its own event log (SQLite under \`DATA_DIR/<service>/events.sqlite\` when
embedded, KurrentDB in production). Each stored event has:

| part | meaning |
| --- | --- |
| \`position\` | 1-based order of the event across the service's whole log (commit order) |
| \`stream\` | the aggregate it belongs to, \`<category>-<id>\` (see each service's streams) |
| \`revision\` | 0-based order of the event within its stream |
| \`type\` | the event type, listed below |
| \`data\` | the fields listed below for its type and version |
| \`metadata.schema_version\` | the version of \`data\`'s shape the event was appended with; events appended before versions were recorded have none and are version 1 |
| \`metadata.traceparent\` | the W3C traceparent of the span the event was appended in, when tracing is on (\`OTEL_EXPORTER_OTLP_ENDPOINT\`); the integration event published from it carries the same, so an analysis can join an event to the request that caused it |
| \`metadata.*\` | other context some commands add, e.g. \`by\` (who ran an operator command) |
| \`recordedAt\` | when the store recorded it (ISO-8601 UTC) |

Versions: a change to an event's shape bumps its version and adds an upcaster, a pure function
from the old shape to the next. The log is never rewritten: reads through the service (its
deciders, projections, exports) lift old events to the newest version, and such an event carries
\`metadata.stored_schema_version\` with the version it was stored in. A raw read of the log gives
the stored shape; the older versions' fields are listed under each event.

Events are small: the store refuses an event over 64 KiB (data + metadata, encoded). Big payloads
live in the blob store (MongoDB GridFS with \`MONGO_URL\`, files under \`DATA_DIR/blobs\` when embedded),
referenced by content hash (\`sha256:<hex>\`).
`;

export const renderEventsDoc = (services: readonly ServiceEvents[]): string => {
  const lines = [PREAMBLE, '## Services', ''];
  for (const service of services)
    lines.push(`- [${service.service}](#${service.service}): ${service.events.length} event types`);
  for (const service of services) {
    const streams = new Map(service.streams.map((s) => [s.category, s]));
    lines.push('', `<a id="${service.service}"></a>`, `## ${service.service}`, '', service.description, '');
    lines.push('| stream | holds | event types |', '| --- | --- | --- |');
    for (const stream of service.streams) {
      const types = service.events.filter((e) => e.stream === stream.category);
      lines.push(
        `| \`${stream.pattern}\` | ${cell(stream.description)} | ${types.map((e) => `[${e.type}](#${anchor(service.service, e.type)})`).join(', ')} |`,
      );
    }
    for (const declared of service.events) lines.push('', ...renderEvent(service, declared, streams));
  }
  return `${lines.join('\n')}\n`;
};
