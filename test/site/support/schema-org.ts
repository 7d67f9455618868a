/**
 * schema.org's own vocabulary, read offline from the N-Quads file that the
 * @vocabulary/schema package ships (a copy of schema.org's
 * schemaorg-current-http.nt), and a checker of JSON-LD against it: every
 * @type is a schema.org type, every property is one whose domainIncludes
 * holds the node's type or one of its ancestors, every nested typed node
 * and number fits the property's rangeIncludes, and a string given for an
 * enumeration-only property names a member of it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const SCHEMA = 'http://schema.org/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property';
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';

export interface Vocabulary {
  /** Package version the vocabulary came from. */
  version: string;
  classes: Set<string>;
  properties: Map<string, { domains: Set<string>; ranges: Set<string>; supersededBy?: string }>;
  /** Class -> its direct parents. */
  parents: Map<string, Set<string>>;
  /** Enumeration class -> its member names (`Monday`, ...). */
  members: Map<string, Set<string>>;
  supersededClasses: Set<string>;
  /** The class and every ancestor of it. */
  ancestorsOf(name: string): Set<string>;
}

let loaded: Vocabulary | undefined;

export function loadSchemaOrg(): Vocabulary {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('@vocabulary/schema/package.json'));
  const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const classes = new Set<string>();
  const properties: Vocabulary['properties'] = new Map();
  const parents = new Map<string, Set<string>>();
  const typed: Array<[string, string]> = [];
  const supersededClasses = new Set<string>();
  const property = (name: string) => {
    let found = properties.get(name);
    if (!found) properties.set(name, (found = { domains: new Set(), ranges: new Set() }));
    return found;
  };
  const local = (iri: string) => (iri.startsWith(SCHEMA) ? iri.slice(SCHEMA.length) : undefined);
  for (const line of readFileSync(path.join(packageDir, 'schema.nq'), 'utf8').split('\n')) {
    const match = /^<([^>]+)> <([^>]+)> <([^>]+)>/.exec(line);
    if (!match) continue;
    const [, subjectIri, predicate, objectIri] = match as unknown as [string, string, string, string];
    const subject = local(subjectIri);
    const object = local(objectIri);
    if (!subject) continue;
    if (predicate === RDF_TYPE && objectIri === RDFS_CLASS) classes.add(subject);
    else if (predicate === RDF_TYPE && objectIri === RDF_PROPERTY) property(subject);
    else if (predicate === RDF_TYPE && object) typed.push([subject, object]);
    else if (predicate === SUBCLASS_OF && object) {
      if (!parents.has(subject)) parents.set(subject, new Set());
      parents.get(subject)!.add(object);
    } else if (predicate === `${SCHEMA}domainIncludes` && object) property(subject).domains.add(object);
    else if (predicate === `${SCHEMA}rangeIncludes` && object) property(subject).ranges.add(object);
    else if (predicate === `${SCHEMA}supersededBy` && object) {
      if (properties.has(subject) || /^[a-z]/.test(subject)) property(subject).supersededBy = object;
      else supersededClasses.add(subject);
    }
  }
  const ancestors = new Map<string, Set<string>>();
  const ancestorsOf = (name: string): Set<string> => {
    let found = ancestors.get(name);
    if (found) return found;
    found = new Set([name]);
    ancestors.set(name, found);
    for (const parent of parents.get(name) ?? []) for (const ancestor of ancestorsOf(parent)) found.add(ancestor);
    return found;
  };
  const members = new Map<string, Set<string>>();
  for (const [member, type] of typed) {
    if (!ancestorsOf(type).has('Enumeration')) continue;
    if (!members.has(type)) members.set(type, new Set());
    members.get(type)!.add(member);
  }
  loaded = { version, classes, properties, parents, members, supersededClasses, ancestorsOf };
  return loaded;
}

const NUMBER_TYPES = ['Number', 'Integer', 'Float', 'Text'];

/** Problems of one JSON-LD document (an object with @context and either a node or @graph); empty when it is valid. */
export function checkJsonLd(document: unknown, vocabulary = loadSchemaOrg()): string[] {
  const problems: string[] = [];
  if (!isObject(document)) return ['the document is not a JSON object'];
  if (document['@context'] !== 'https://schema.org') problems.push(`@context is ${JSON.stringify(document['@context'])}, not "https://schema.org"`);
  const nodes = Array.isArray(document['@graph']) ? document['@graph'] : [document];
  nodes.forEach((node, index) => checkNode(node, Array.isArray(document['@graph']) ? `@graph[${index}]` : '$', vocabulary, problems));
  return problems;
}

function checkNode(node: unknown, where: string, vocabulary: Vocabulary, problems: string[]): void {
  if (!isObject(node)) {
    problems.push(`${where}: expected a node object`);
    return;
  }
  const type = node['@type'];
  if (type === undefined) {
    // A reference to a node described elsewhere: nothing but its @id.
    if (Object.keys(node).some((key) => key !== '@id')) problems.push(`${where}: a node without @type may hold only @id`);
    return;
  }
  if (typeof type !== 'string' || !vocabulary.classes.has(type)) {
    problems.push(`${where}: @type ${JSON.stringify(type)} is not a schema.org type`);
    return;
  }
  if (vocabulary.supersededClasses.has(type)) problems.push(`${where}: @type ${type} is superseded in schema.org`);
  const lineage = vocabulary.ancestorsOf(type);
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    const property = vocabulary.properties.get(key);
    if (!property) {
      problems.push(`${where}.${key}: not a schema.org property`);
      continue;
    }
    if (property.supersededBy) problems.push(`${where}.${key}: superseded by ${property.supersededBy}`);
    if (![...property.domains].some((domain) => lineage.has(domain))) {
      problems.push(`${where}.${key}: not a property of ${type} (it belongs to ${[...property.domains].sort().join(', ')})`);
    }
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      checkValue(item, `${where}.${key}${Array.isArray(value) ? `[${index}]` : ''}`, property.ranges, vocabulary, problems);
    }
  }
}

function checkValue(value: unknown, where: string, ranges: Set<string>, vocabulary: Vocabulary, problems: string[]): void {
  const expected = [...ranges].sort().join(', ');
  if (isObject(value)) {
    const type = value['@type'];
    if (typeof type === 'string' && vocabulary.classes.has(type) && ![...vocabulary.ancestorsOf(type)].some((ancestor) => ranges.has(ancestor))) {
      problems.push(`${where}: a ${type} where schema.org expects ${expected}`);
    }
    checkNode(value, where, vocabulary, problems);
  } else if (typeof value === 'number') {
    if (!NUMBER_TYPES.some((name) => ranges.has(name))) problems.push(`${where}: a number where schema.org expects ${expected}`);
  } else if (typeof value === 'boolean') {
    if (!ranges.has('Boolean')) problems.push(`${where}: a boolean where schema.org expects ${expected}`);
  } else if (typeof value === 'string') {
    // Text, URLs and dates are all strings; only a property that takes nothing but enumerations can be checked.
    const enumerations = [...ranges].filter((range) => vocabulary.members.has(range));
    if (enumerations.length === ranges.size && !enumerations.some((range) => vocabulary.members.get(range)!.has(value.replace(/^https?:\/\/schema\.org\//, '')))) {
      problems.push(`${where}: ${JSON.stringify(value)} is not a member of ${expected}`);
    }
  } else {
    problems.push(`${where}: unexpected ${value === null ? 'null' : typeof value}`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
