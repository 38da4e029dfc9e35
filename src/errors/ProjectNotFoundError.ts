import { BaseError } from './base'

/** Type of a {@link ProjectNotFoundError}. */
export type ProjectNotFoundErrorType = ProjectNotFoundError & { name: 'ProjectNotFoundError' }

/** Thrown by the server when a URL names a project it has no options for (404). */
export class ProjectNotFoundError extends BaseError {
  projectId: string

  override name = 'ProjectNotFoundError'

  constructor({ projectId }: { projectId: string }) {
    super('Unknown project', { metaMessages: [`Project: ${projectId.slice(0, 200)}`] })
    this.projectId = projectId
  }
}
