import type { Services } from '../services';
import type { Job } from './job';

export { type AnyJob, PermanentError } from './job';

/** A job of this app: its handlers get the process's `Services`. */
export type JobDefinition<T> = Job<T, Services>;

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}
