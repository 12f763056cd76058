// core: the persistence port of templates. functions/adapters/dynamodb/template-repository.ts implements it.
import type { Page, PageQuery } from '../pagination.ts';
import type { Template, TemplateSnapshot } from './model.ts';

export interface TemplateRepository {
  /** The template without its snapshot; another workspace's template is not found. */
  get(workspaceId: string, templateId: string): Promise<Template | undefined>;
  /** The template and the snapshot of its current revision, read consistently with each other. */
  getWithSnapshot(
    workspaceId: string,
    templateId: string,
  ): Promise<{ template: Template; snapshot: TemplateSnapshot } | undefined>;
  /** Stores template and snapshot together (all or nothing); ConflictError if the id is taken. */
  create(template: Template, snapshot: TemplateSnapshot): Promise<void>;
  /**
   * Replaces metadata and snapshot together if the stored revision is still `expectedRevision`;
   * ConflictError if it moved on, NotFoundError if the template is gone.
   */
  replace(template: Template, snapshot: TemplateSnapshot, expectedRevision: number): Promise<void>;
  /** Deletes the template and its snapshot together; false if there was none. */
  delete(workspaceId: string, templateId: string): Promise<boolean>;
  /** A page of the workspace's templates, oldest first. */
  list(workspaceId: string, page: PageQuery): Promise<Page<Template>>;
}
