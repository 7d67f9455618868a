/**
 * The one way structured data reaches a page. JSON.stringify alone is not
 * safe inside <script>: a string such as `</script><script>…` in content
 * would end the element early. Escaping <, >, & and the JavaScript line
 * separators as \uXXXX keeps the JSON identical once parsed while leaving
 * nothing the HTML parser can act on.
 */
import type { ReactElement } from 'react';
import type { Graph, Thing, WithContext } from 'schema-dts';

const unsafeCharacters = /[<>&\u2028\u2029]/g;

export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(unsafeCharacters, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function JsonLd({ data }: { data: WithContext<Thing> | Graph }): ReactElement {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
