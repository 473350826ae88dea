/**
 * The "Repository" field of the hub dashboard's GET forms (board, search, brief): a labelled
 * `<select name="repo">` of the repositories the token can read, "All repositories" first.
 */
import { h, type Html } from '../../http/dashboard/html.js';

/** The field (a `<div>` holding label and select, as the forms' other fields); `id` must be unique in the page. */
export function repoSelect(args: { id: string; repos: readonly string[]; selected: string | undefined }): Html {
  const option = (value: string, label: string) => h`<option value="${value}"${(args.selected ?? '') === value ? h` selected` : ''}>${label}</option>`;
  return h`<div><label for="${args.id}">Repository</label><select id="${args.id}" name="repo">${option('', 'All repositories')}${args.repos.map((r) => option(r, r))}</select></div>`;
}
