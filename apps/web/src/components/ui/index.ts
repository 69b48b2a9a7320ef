// Shared UI primitives: every feature builds its screens from these so they look and behave alike.
export { AlertMessage, ErrorState } from './alert-message';
export { ConfirmDialog } from './confirm-dialog';
export { EmptyState } from './empty-state';
export { FieldError } from './field-error';
export { Modal, ModalClose } from './modal';
export { PageHeader } from './page-header';
export { Select, type SelectOption } from './select';
export { LoadingBlock, Spinner } from './spinner';
export { StatusPill, type PillTone } from './status-pill';
export { Switch } from './switch';
export { IconBadge } from './icon-badge';
