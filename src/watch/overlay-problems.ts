/** Problems as the browser overlay shows them: plain data, one entry per problem. */
import type { CleansiteError } from '../core/errors.ts';
import type { OverlayProblem } from '../server/live-reload-client.ts';

export function toOverlayProblems(errors: CleansiteError[]): OverlayProblem[] {
  return errors.map((error) => ({
    file: error.location?.file,
    line: error.location?.line,
    column: error.location?.column,
    message: error.message,
    hint: error.hint,
  }));
}
