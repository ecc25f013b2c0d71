/**
 * The generic pages of src/crud/, routed from the registry (src/routes.tsx): a list page
 * (`routes.list`, list-page.tsx) and a show page (`routes.show`, show-page.tsx). The route table loads
 * each as a lazy chunk of its own; this module gathers both for the tests.
 *
 * Create and edit are dialogs (antd Modal) over the list or show page, not routes of their own: SPEC §2
 * names no create/edit paths, the user keeps the list in view, and the RJSF form is a lazy chunk loaded
 * when a dialog first opens (src/crud/form-modal.tsx, src/crud/crud-form.tsx).
 */
export { CrudListPage } from './list-page';
export { CrudShowPage } from './show-page';
