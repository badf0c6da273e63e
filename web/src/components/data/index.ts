/*
 * The building blocks of every management screen (admin, tenant owner): lists with their loading, empty and
 * error states (cards on a phone where the columns render the cells), pagination and filters kept in the URL,
 * form fields, create/edit dialogs, copy buttons.
 */
export * from './clipboard'
export * from './copy-button'
export * from './copyable-value'
export * from './entity-form-dialog'
export * from './form-dialog'
export * from './form-fields'
export * from './list'
export * from './list-page'
export * from './refresh-button'
export * from './responsive-list-table'
export * from './responsive-table'
