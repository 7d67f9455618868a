/**
 * A collection's `markdown` declaration (its defineCollection): which
 * front-matter fields hold Markdown, and the key each one's HTML is written
 * to, beside it. `intro` names a field of the entry, `steps[].text` the
 * field `text` of each item of the list `steps`, so `{ 'steps[].text':
 * 'html' }` gives every step an `html`. Here the declaration is parsed and
 * checked; content/markdown-fields.ts finds the fields in an entry and
 * validate-content.ts renders them. The engine renders no other field.
 */

/** One part of a field path: a key, and whether it names a list whose items the rest applies to. */
export interface FieldStep {
  key: string;
  each: boolean;
}

/** A declared Markdown field: where it is and the key its HTML is written to, beside it. */
export interface MarkdownField {
  /** All but the last part: the objects that hold the field. */
  parents: FieldStep[];
  field: string;
  htmlKey: string;
}

const KEY = '[A-Za-z_][A-Za-z0-9_]*';
const FIELD_PATH = new RegExp(`^(${KEY}(\\[\\])?\\.)*${KEY}$`);
const HTML_KEY = new RegExp(`^${KEY}$`);
/** Keys the engine gives every entry (EntryMeta, the route's path and slug): a field's HTML must not replace them. */
const ENTRY_KEYS = new Set(['file', 'stem', 'html', 'text', 'references', 'path', 'slug']);

/** Why a collection's `markdown` declaration is unusable, or undefined; `schema` is its zod schema, checked where it can be read. */
export function findMarkdownFieldsProblem(declared: unknown, schema: unknown): string | undefined {
  if (declared === undefined) return undefined;
  if (!declared || typeof declared !== 'object' || Array.isArray(declared)) {
    return "must map each Markdown field to the key its HTML is written to, such as { 'steps[].text': 'html' }";
  }
  const targets = new Map<string, string>();
  for (const [fieldPath, htmlKey] of Object.entries(declared)) {
    if (!FIELD_PATH.test(fieldPath)) return `"${fieldPath}" is not a field path: write field, parent.field or list[].field`;
    if (typeof htmlKey !== 'string' || !HTML_KEY.test(htmlKey)) return `"${fieldPath}": the key its HTML is written to must be a plain name, such as 'html'`;
    const { parents, field } = parseFieldPath(fieldPath);
    if (htmlKey === field) return `"${fieldPath}": its HTML would replace its own Markdown: name another key, such as '${field}Html'`;
    if (parents.length === 0 && ENTRY_KEYS.has(htmlKey)) return `"${fieldPath}": '${htmlKey}' is a field the engine gives every entry: name another key, such as '${field}Html'`;
    const target = `${parents.map((step) => `${step.key}${step.each ? '[]' : ''}.`).join('')}${htmlKey}`;
    const other = targets.get(target);
    if (other) return `"${fieldPath}" and "${other}" both write their HTML to ${target}`;
    targets.set(target, fieldPath);
    const schemaProblem = checkAgainstSchema(schema, parents, field, htmlKey);
    if (schemaProblem) return `"${fieldPath}": ${schemaProblem}`;
  }
  return undefined;
}

/** The declaration's fields, parsed once per declaration (it is the same object for every entry of a collection). */
const parsed = new WeakMap<object, MarkdownField[]>();
export function markdownFieldsOf(declared: Readonly<Record<string, string>> | undefined): MarkdownField[] {
  if (!declared) return [];
  let fields = parsed.get(declared);
  if (!fields) parsed.set(declared, (fields = Object.entries(declared).map(([fieldPath, htmlKey]) => ({ ...parseFieldPath(fieldPath), htmlKey }))));
  return fields;
}

function parseFieldPath(fieldPath: string): { parents: FieldStep[]; field: string } {
  const steps = fieldPath.split('.').map((part) => ({ key: part.replace(/\[\]$/, ''), each: part.endsWith('[]') }));
  return { parents: steps.slice(0, -1), field: steps.at(-1)!.key };
}

/**
 * Checks the path against a zod schema as far as it can read it (objects, lists, and the
 * optional, nullable, default and transform wrappers around them); past anything else, such as
 * a union, it trusts the declaration. A misspelt field would otherwise render nothing, silently.
 */
function checkAgainstSchema(schema: unknown, parents: FieldStep[], field: string, htmlKey: string): string | undefined {
  let node = unwrap(schema);
  let at = 'the schema';
  for (const step of parents) {
    const shape = objectShape(node);
    if (!shape) return undefined;
    if (!(step.key in shape)) return `${at} has no field ${step.key}`;
    node = unwrap(shape[step.key]);
    at = step.key;
    const def = defOf(node);
    if (!def) return undefined;
    if (!step.each && def.type === 'array') return `${at} is a list in the schema: write ${at}[] for each of its items`;
    if (step.each) {
      if (def.type !== 'array') return `${at} is not a list in the schema, so ${at}[] names no items`;
      node = unwrap(def.element);
      at = `${at}[]`;
    }
  }
  const shape = objectShape(node);
  if (!shape) return undefined;
  if (!(field in shape)) return `${at === 'the schema' ? at : `${at} in the schema`} has no field ${field}`;
  if (htmlKey in shape) return `'${htmlKey}' is a field of the schema already: its HTML would replace it`;
  return undefined;
}

interface ZodDef {
  type: string;
  innerType?: unknown;
  in?: unknown;
  element?: unknown;
  shape?: Record<string, unknown>;
}

function defOf(node: unknown): ZodDef | undefined {
  const def = (node as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;
  return def && typeof def.type === 'string' ? def : undefined;
}

/** The schema inside optional, nullable, default, readonly and transform (pipe) wrappers. */
function unwrap(node: unknown): unknown {
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(node);
    if (!def) return node;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch'].includes(def.type)) node = def.innerType;
    else if (def.type === 'pipe') node = def.in;
    else return node;
  }
  return node;
}

function objectShape(node: unknown): Record<string, unknown> | undefined {
  const def = defOf(node);
  return def?.type === 'object' && def.shape && typeof def.shape === 'object' ? def.shape : undefined;
}
